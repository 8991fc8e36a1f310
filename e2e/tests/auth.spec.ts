import {
  CONTRACTS,
  DEMO_PASSWORD,
  expect,
  login,
  readSession,
  storedSession,
  test,
  enterForcedChangeState,
} from '../support/fixtures';
import { tabTo } from '../support/keyboard';

test.describe('login and session', () => {
  test('10001 logs in and is greeted by name', async ({ page }) => {
    await login(page, '10001');
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Angemeldet als Max Mustermann')).toBeVisible();
    for (const name of [
      'Zählerstand erfassen',
      'Datenübersicht',
      'Dokumente',
      'Verträge',
      'Kontakt',
      'Passwort ändern',
    ]) {
      await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toBeVisible();
    }
    const session = await readSession(page);
    expect(session.kundennummer).toBe('10001');
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(session.ablaufdatum) - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  test("the login form and a customer's navigation are never shown together", async ({ page }) => {
    await page.goto('/anmelden');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    // Every state of the page between the click and the start page, as the browser had it.
    await page.evaluate(() => {
      const seen = { together: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        const loginForm = document.querySelector('#anmelden-titel');
        const navigation = document.querySelector('#hauptnavigation');
        if (loginForm && navigation) seen.together = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByLabel('Kundennummer').fill('10001');
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('Angemeldet als Max Mustermann')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeAttached();
    expect(
      await page.evaluate(() => (window as unknown as { seen: { together: boolean } }).seen),
    ).toEqual({ together: false });
  });

  test('the login page paints from its HTML, and what is typed before the app runs counts', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The app's code held back: the page as its HTML alone shows it, on a slow connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/anmelden', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await page.getByLabel('Kundennummer').fill('10001');
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    // Nothing to send before the app runs (a plain form would put the password in the address).
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeDisabled();
    release();
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('Angemeldet als Max Mustermann')).toBeVisible();
    // The app took the page over as it was: no mismatch, no script refused by the policy.
    expect(errors).toEqual([]);
  });

  test('a wrong password shows the server message and keeps the customer number', async ({
    page,
  }) => {
    await login(page, '10002', 'Falsches-Passwort');
    await expect(page.getByRole('alert')).toHaveText(
      'Die Kundennummer oder das Passwort ist nicht korrekt.',
    );
    await expect(page).toHaveURL('/anmelden');
    await expect(page.getByLabel('Kundennummer')).toHaveValue('10002');
    expect(await storedSession(page)).toBeNull();
  });

  test('login is enabled only with a customer number and a password', async ({ page }) => {
    await page.goto('/anmelden');
    const submit = page.getByRole('button', { name: 'Anmelden' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Kundennummer').fill('  ');
    await page.getByLabel('Passwort', { exact: true }).fill('x');
    await expect(submit).toBeDisabled();
    await page.getByLabel('Kundennummer').fill('10001');
    await expect(submit).toBeEnabled();
  });

  test('works by keyboard alone', async ({ page }) => {
    await page.goto('/anmelden');
    // The page puts the focus on its heading; the fields follow in reading order.
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeFocused();
    await tabTo(page, page.getByLabel('Kundennummer'), { max: 1 });
    await page.keyboard.type('10001');
    await tabTo(page, page.getByLabel('Passwort', { exact: true }), { max: 1 });
    await page.keyboard.type(DEMO_PASSWORD);
    await tabTo(page, page.getByRole('button', { name: 'Anmelden' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Angemeldet als Max Mustermann')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('10004 lands on the blocked page and goes back to login', async ({ page }) => {
    await login(page, '10004');
    await expect(page).toHaveURL('/portal/gesperrt');
    await expect(
      page.getByText('Zu dieser Kundennummer existiert kein Zugang zum Kundenportal.'),
    ).toBeVisible();
    expect(await storedSession(page)).toBeNull();
    await page.getByRole('button', { name: 'Zurück zum Login' }).click();
    await expect(page).toHaveURL('/anmelden');
  });

  test('logout ends the session here and on the server', async ({ loggedIn: page }) => {
    const token = (await readSession(page)).token;
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL('/anmelden');
    expect(await storedSession(page)).toBeNull();
    const answer = await page.request.get('/api/anschlussnutzer', {
      headers: { token, kundennummer: '10001' },
    });
    expect(answer.status()).toBe(401);
    await page.goto('/');
    await expect(page).toHaveURL('/anmelden');
  });

  test('logout in a second tab logs the first tab out', async ({ loggedIn: first, context }) => {
    const second = await context.newPage();
    await second.goto('/');
    await expect(second.getByText('Angemeldet als Max Mustermann')).toBeVisible();
    await second.getByRole('button', { name: 'Abmelden' }).click();
    await expect(second).toHaveURL('/anmelden');
    await expect(first).toHaveURL('/anmelden');
    await expect(first.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  });

  test('login in one tab reaches a second tab on the login page', async ({ page, context }) => {
    const second = await context.newPage();
    await second.goto('/anmelden');
    await login(page, '10001');
    await expect(page.getByText('Angemeldet als')).toBeVisible();
    await expect(second).toHaveURL('/');
  });

  test('an expired session logs out', async ({ page }) => {
    await page.clock.install();
    await login(page, '10001');
    await expect(page.getByText('Angemeldet als')).toBeVisible();
    await page.clock.fastForward('31:00');
    await expect(page).toHaveURL('/anmelden');
    expect(await storedSession(page)).toBeNull();
  });

  test('a token the server no longer knows logs out on the next call', async ({
    loggedIn: page,
  }) => {
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('ekp-token')!);
      localStorage.setItem('ekp-token', JSON.stringify({ ...session, token: 'x'.repeat(43) }));
    });
    await page.goto('/');
    await expect(page).toHaveURL('/anmelden');
    expect(await storedSession(page)).toBeNull();
  });
});

test.describe('route guard', () => {
  test('sends a visitor who is not logged in to login', async ({ page }) => {
    for (const path of [
      '/',
      '/passwort/aendern',
      '/aendere/passwort',
      '/vertraege',
      '/gibt/es/nicht',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/anmelden');
    }
  });

  test('sends a logged-in customer from the public pages home', async ({ loggedIn: page }) => {
    for (const path of ['/anmelden', '/portal/gesperrt', '/passwort/vergessen']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/');
    }
  });

  test('sends an unknown path to /', async ({ loggedIn: page }) => {
    await page.goto('/gibt/es/nicht');
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Angemeldet als')).toBeVisible();
  });

  test("sends a contract's own address, which is no screen, to /", async ({ loggedIn: page }) => {
    // The contract screens' parent route has this path; it shows nothing of its own.
    await page.goto(`/vertrag/${CONTRACTS.maxGas}`);
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Angemeldet als')).toBeVisible();
  });

  test('keeps a customer who must change the password on the change page', async ({ page }) => {
    // The forced state as login's 700 leaves it (password.spec.ts takes the real 700 path;
    // 10003's password changes there, so this test must not depend on it).
    await enterForcedChangeState(page, '10003');
    await page.goto('/');
    await expect(page).toHaveURL('/aendere/passwort');
    for (const path of ['/', '/vertraege', '/anmelden', '/portal/gesperrt']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/aendere/passwort');
    }
  });
});
