import type { Page } from '@playwright/test';
import { CONTRACTS, expect, loginHome, test } from '../support/fixtures';

const TECHNICAL_ERROR =
  'Es ist ein unerwarteter technischer Fehler aufgetreten, bitte kontaktieren Sie den Kundenservice.';

const card = (page: Page, id: number) =>
  page.getByRole('article', { name: new RegExp(`Vertrag ${id}$`) });

const failWith = (status: number) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ message: status >= 500 ? 'interne Einzelheiten' : 'Nicht gefunden.' }),
});

test.describe('truthful dates on the cards and the tariff history', () => {
  test("10002's cards label desired dates as desired and a voided contract as never delivered", async ({
    page,
  }) => {
    await loginHome(page, '10002');
    await page.goto('/vertraege');
    const ordered = card(page, CONTRACTS.baeckereiCancelled + 1);
    await expect(ordered).toContainText('Gewünschter Lieferbeginn 01.01.2027');
    await expect(ordered).not.toContainText(/(^|[^r] )Lieferbeginn 01\.01\.2027/);
    const voided = card(page, CONTRACTS.baeckereiCancelled + 2);
    await expect(voided).toContainText('Nie beliefert');
    await expect(voided).not.toContainText('Lieferbeginn');
    await expect(card(page, CONTRACTS.baeckereiCancelled)).toContainText(
      'Lieferbeginn 01.01.2021 · Gewünschtes Lieferende 31.12.2026',
    );
    for (const status of ['Gekündigt', 'Beauftragt', 'Storniert']) {
      await expect(page.getByText(status, { exact: true })).toHaveCount(1);
    }
  });

  test('a tariff without any start is shown for what it is, not as a future tariff', async ({
    page,
  }) => {
    await loginHome(page, '10002');
    await page.goto(`/vertrag/${CONTRACTS.baeckereiCancelled + 2}/tarifhistorie`);
    const never = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Nie wirksam gewordene Tarife' }) });
    await expect(never).toContainText('Der Vertrag wurde storniert, bevor die Belieferung begann.');
    const future = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Zukünftige Tarife' }) });
    await expect(future).toContainText('Keine Einträge vorhanden.');

    await page.goto(`/vertrag/${CONTRACTS.baeckereiCancelled + 1}/tarifhistorie`);
    await expect(
      page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Vereinbarte Tarife ab Lieferbeginn' }) }),
    ).toContainText('Gewünschter Lieferbeginn: 01.01.2027');
  });
});

test.describe('failures a customer can meet', () => {
  test('a 5xx of the customer call on / shows the §8.1 text and reloads', async ({
    loggedIn: page,
  }) => {
    let fail = true;
    await page.route('**/api/anschlussnutzer', (route) =>
      fail ? route.fulfill(failWith(500)) : route.continue(),
    );
    await page.goto('/vertraege');
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByRole('alert')).toHaveText(TECHNICAL_ERROR);
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByText('Something went wrong!')).toHaveCount(0);
    fail = false;
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await expect(page.getByText('Angemeldet als')).toBeVisible();
  });

  test('a network failure reads the same as a 5xx', async ({ loggedIn: page }) => {
    await page.route('**/api/dokument/alle', (route) => route.abort('connectionrefused'));
    await page.goto('/dokumente');
    await expect(page.getByRole('alert')).toHaveText(TECHNICAL_ERROR);
  });

  test('one failing contract keeps the page and the other cards', async ({ loggedIn: page }) => {
    let fail = true;
    await page.route(`**/api/vertrag/${CONTRACTS.maxGas}`, (route) =>
      fail ? route.fulfill(failWith(503)) : route.continue(),
    );
    await page.goto('/vertraege');
    await expect(page.getByRole('heading', { name: 'Verträge', level: 1 })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(4);
    await expect(card(page, CONTRACTS.maxDynamic)).toContainText('Aktiv');
    const failed = card(page, CONTRACTS.maxGas);
    await expect(failed.getByRole('alert')).toHaveText(TECHNICAL_ERROR);
    fail = false;
    await failed.getByRole('button', { name: 'Neu laden' }).click();
    await expect(failed).toContainText('Aktiv');
    await expect(failed.getByRole('alert')).toHaveCount(0);
  });

  test('the documents and the tariff history follow the same rule for 4xx and 5xx', async ({
    loggedIn: page,
  }) => {
    await page.route('**/api/dokument/alle', (route) => route.fulfill(failWith(502)));
    await page.goto('/dokumente');
    await expect(page.getByRole('alert')).toHaveText(TECHNICAL_ERROR);

    await page.route(`**/api/vertrag/${CONTRACTS.maxGas}/tarifhistorie`, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Die Tarifhistorie wird gerade überarbeitet.' }),
      }),
    );
    await page.goto(`/vertrag/${CONTRACTS.maxGas}/tarifhistorie`);
    await expect(page.getByRole('alert')).toHaveText('Die Tarifhistorie wird gerade überarbeitet.');
  });

  test('an id that is no contract number is not found without asking the server', async ({
    loggedIn: page,
  }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/vertrag/')) calls.push(request.url());
    });
    await page.goto('/vertrag/abc/detail');
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('the cancel page of a contract that cannot be cancelled leads back', async ({
    loggedIn: page,
  }) => {
    await page.goto(`/vertrag/${CONTRACTS.maxEnded}/kuendigen`);
    await page.getByRole('link', { name: 'Zurück' }).click();
    await expect(page).toHaveURL('/vertraege');
  });

  test('a refused date disappears once the date is changed', async ({ loggedIn: page }) => {
    const message = 'Das Lieferende darf frühestens am 31.12.2099 liegen.';
    await page.route(`**/api/vertrag/${CONTRACTS.maxGas}/kuendigen`, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message, felder: { datum: message } }),
      }),
    );
    await page.goto(`/vertrag/${CONTRACTS.maxGas}/kuendigen`);
    await page.getByLabel('Kündigungsgrund').selectOption({ label: 'Auszug' });
    // The next month, not the open one: near a month's end the open month may hold a single
    // allowed day (on 25.11. only the 30th), and the test must not depend on today.
    const pickDay = async (index: number) => {
      await page.getByRole('button', { name: /Lieferende/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Zum nächsten Monat' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { disabled: false })
        .filter({ hasText: /^\d+$/ })
        .nth(index)
        .click();
    };
    await pickDay(0);
    await page.getByRole('button', { name: 'Vertrag kündigen' }).click();
    // The refusal names the date: its message shows at the date field, which takes the focus.
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByRole('button', { name: /Lieferende/ })).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await pickDay(1);
    await expect(page.getByText(message)).toHaveCount(0);
  });

  test('the calendar closes on a click outside it', async ({ loggedIn: page }) => {
    await page.goto(`/vertrag/${CONTRACTS.maxGas}/kuendigen`);
    await page.getByRole('button', { name: /Lieferende/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('a session that ends says so', () => {
  test('a 401 lands on the login page with the reason', async ({ loggedIn: page }) => {
    await page.route('**/api/dokument/alle', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Ihre Sitzung ist abgelaufen.' }),
      }),
    );
    await page.goto('/dokumente');
    await expect(page).toHaveURL('/anmelden');
    await expect(page.getByRole('status')).toHaveText(
      'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    );
  });

  test('a failed refresh ends the session on the server too', async ({ loggedIn: page }) => {
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('ekp-token') ?? '{}') as { token: string }).token,
    );
    await page.route('**/api/token/refresh', (route) => route.fulfill(failWith(503)));
    const logout = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/anschlussnutzer/logout') && request.method() === 'DELETE',
    );
    // The tab comes back from the background: the portal refreshes the session.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect((await logout).headers()['token']).toBe(token);
    await expect(page).toHaveURL('/anmelden');
    await expect(page.getByText('Ihre Sitzung ist abgelaufen.', { exact: false })).toBeVisible();
    // the server no longer knows the token
    const answer = await page.request.get('/api/anschlussnutzer', {
      headers: { token, kundennummer: '10001' },
    });
    expect(answer.status()).toBe(401);
  });

  test('logging out on purpose says nothing about expiry', async ({ loggedIn: page }) => {
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL('/anmelden');
    await expect(page.getByText('Ihre Sitzung ist abgelaufen.', { exact: false })).toHaveCount(0);
  });
});

test.describe('titles and focus', () => {
  test('every page names itself and puts the focus on its heading', async ({ loggedIn: page }) => {
    await expect(page).toHaveTitle('Startseite – SW Musterstadt');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const pages: [string, string][] = [
      ['Dokumente', 'Dokumente – SW Musterstadt'],
      ['Verträge', 'Verträge – SW Musterstadt'],
    ];
    for (const [link, title] of pages) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    }
    await card(page, CONTRACTS.maxGas)
      .getByRole('link', { name: /Details/ })
      .click();
    await expect(page).toHaveTitle(`Vertrag ${CONTRACTS.maxGas} – SW Musterstadt`);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.getByRole('link', { name: 'Tarifhistorie' }).click();
    await expect(page).toHaveTitle(
      `Tarifhistorie für Vertrag ${CONTRACTS.maxGas} – SW Musterstadt`,
    );
  });

  test('the cancel link is named by its visible words, then the contract', async ({
    loggedIn: page,
  }) => {
    await page.goto('/vertraege');
    await expect(
      card(page, CONTRACTS.maxGas).getByRole('link', {
        name: `Vertrag kündigen (Vertrag ${CONTRACTS.maxGas})`,
      }),
    ).toBeVisible();
    await expect(
      card(page, CONTRACTS.maxGas).getByRole('link', {
        name: `Details (Vertrag ${CONTRACTS.maxGas})`,
      }),
    ).toBeVisible();
  });

  test('the login page has its own title', async ({ page }) => {
    await page.goto('/anmelden');
    await expect(page).toHaveTitle('Anmelden – SW Musterstadt');
  });
});

test.describe('navigation on a phone', () => {
  test('folds behind "Menü", opens and closes by keyboard, and closes on a choice', async ({
    loggedIn: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = page.getByRole('button', { name: 'Menü' });
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    // One row of header: the brand and the button, not the links wrapped over two rows.
    const header = await page.getByRole('banner').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(72);

    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Startseite' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Startseite' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Dokumente' }).click();
    await expect(page.getByRole('heading', { name: 'Dokumente', level: 1 })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
  });

  test('names each destination as its button on the start page does', async ({
    loggedIn: page,
  }) => {
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link')).toHaveText([
      'Startseite',
      'Datenübersicht',
      'Dokumente',
      'Verträge',
      'Kontakt',
    ]);
    for (const name of ['Datenübersicht', 'Dokumente', 'Verträge', 'Kontakt']) {
      await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toBeVisible();
    }
  });
});
