import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  login,
  loginAt,
  readSession,
  storedSession,
  test,
  enterForcedChangeState,
} from '../support/fixtures';
import { waitForPortalServer } from '../support/portal-server';

async function fillPasswordChange(page: Page, old: string, next: string, repeat = next) {
  await page.getByLabel('Bisheriges Passwort').fill(old);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(next);
  await page.getByLabel('Neues Passwort wiederholen').fill(repeat);
}

const PASSWORD_CHANGED = 'Ihr Passwort wurde geändert.';

/**
 * Changes the password from `from` to `to` in the session at `baseUrl`: home says so in a status
 * message, which the next page no longer shows.
 */
async function changeAndSeeItSaid(page: Page, baseUrl: string, from: string, to: string) {
  await page.goto(`${baseUrl}/passwort/aendern`);
  await fillPasswordChange(page, from, to);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page).toHaveURL(`${baseUrl}/`);
  await expect(page.getByRole('status').filter({ hasText: PASSWORD_CHANGED })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: test.info().outputPath(`passwort-geaendert-${page.viewportSize()?.width}.png`),
    fullPage: true,
  });
  await page.getByRole('main').getByRole('link', { name: 'Verträge' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verträge' })).toBeVisible();
  await expect(page.getByText(PASSWORD_CHANGED)).toHaveCount(0);
  await page.goto(`${baseUrl}/`);
  await expect(page.getByText('Angemeldet als')).toBeVisible();
  await expect(page.getByText(PASSWORD_CHANGED)).toHaveCount(0);
}

test('10003 must change the password first, then lands home and logs in with it', async ({
  page,
}) => {
  await login(page, '10003', 'Start-2026!');
  await expect(page).toHaveURL('/aendere/passwort');
  const forced = await readSession(page);
  expect(forced.token).toBe('');
  expect(forced.kundennummer).toBe('10003');
  const lifetime = Date.parse(forced.ablaufdatum) - Date.now();
  expect(lifetime).toBeGreaterThan(290_000);
  expect(lifetime).toBeLessThanOrEqual(300_000);
  await page.goto('/vertraege');
  await expect(page).toHaveURL('/aendere/passwort');

  await fillPasswordChange(page, 'Falsch-2026!', 'Neustart-2026?');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  // The server names the field: its message shows there, and the focus goes to it.
  await expect(page.getByText('Das bisherige Passwort ist nicht korrekt.')).toBeVisible();
  await expect(page.getByLabel('Bisheriges Passwort')).toBeFocused();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel('Neues Passwort', { exact: true })).toHaveValue('Neustart-2026?');

  await page.getByLabel('Bisheriges Passwort').fill('Start-2026!');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Angemeldet als Erika Neumann')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: PASSWORD_CHANGED })).toBeVisible();

  await page.getByRole('button', { name: 'Abmelden' }).click();
  // Logged out once the login page shows: a page opened before would still hold the session.
  await expect(page).toHaveURL('/anmelden');
  await login(page, '10003', 'Neustart-2026?');
  await expect(page.getByText('Angemeldet als Erika Neumann')).toBeVisible();
});

test('cancel in the forced state logs out', async ({ page }) => {
  await enterForcedChangeState(page, '10003');
  await page.goto('/aendere/passwort');
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL('/anmelden');
  expect(await storedSession(page)).toBeNull();
});

test('the strength bar appears from 8 characters with 0, 5, 55 and 100 percent', async ({
  loggedIn: page,
}) => {
  await page.getByRole('main').getByRole('link', { name: 'Passwort ändern' }).click();
  await expect(page).toHaveURL('/passwort/aendern');
  await expect(
    page.getByText(
      'Ein starkes Passwort ist mindestens 10 Zeichen lang und beinhaltet mindestens eine Zahl, einen kleinen Buchstaben, einen großen Buchstaben und ein Sonderzeichen.',
    ),
  ).toBeVisible();
  const field = page.getByLabel('Neues Passwort', { exact: true });
  const meter = page.getByRole('meter', { name: 'Passwortstärke' });
  await field.fill('Abc-123');
  await expect(meter).toHaveCount(0);
  await expect(page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeVisible();
  await field.fill('abcdefgh');
  await expect(meter).toHaveAttribute('aria-valuenow', '5');
  await field.fill('abcdefg1');
  await expect(meter).toHaveAttribute('aria-valuenow', '55');
  await field.fill('Abcdefgh1!');
  await expect(meter).toHaveAttribute('aria-valuenow', '100');
  await page.getByLabel('Neues Passwort wiederholen').fill('Abcdefgh1?');
  await expect(page.getByText('Die neuen Passwörter stimmen nicht überein.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Passwort ändern' })).toBeDisabled();
});

test('cancel in the session goes back and keeps the session', async ({ loggedIn: page }) => {
  await page.getByRole('main').getByRole('link', { name: 'Passwort ändern' }).click();
  await expect(page).toHaveURL('/passwort/aendern');
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Angemeldet als Max Mustermann')).toBeVisible();
  expect(await storedSession(page)).not.toBeNull();
});

test('passwords with ä, ß and € work at change and at login', async ({ page, baseURL }) => {
  const umlautPassword = 'Grüße-äß-€-2026';
  // At the phone's width there, at the laptop's back.
  const change = async (from: string, to: string, width: number) => {
    await page.setViewportSize({ width, height: 800 });
    await changeAndSeeItSaid(page, baseURL!, from, to);
    // the logout button below is in the bar of a laptop's width
    await page.setViewportSize({ width: 1280, height: 720 });
  };
  await login(page, '10005');
  await expect(page.getByText('Angemeldet als Dr. Lena Leer')).toBeVisible();
  await change(DEMO_PASSWORD, umlautPassword, 390);
  await page.getByRole('button', { name: 'Abmelden' }).click();
  // Logged out once the login page shows: a page opened before would still hold the session.
  await expect(page).toHaveURL('/anmelden');
  await login(page, '10005', umlautPassword);
  await expect(page.getByText('Angemeldet als Dr. Lena Leer')).toBeVisible();
  // leave 10005 as other tests expect it
  await change(umlautPassword, DEMO_PASSWORD, 1280);
});

test('Küstenwerk: after a change the start page says that the password was changed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const kuestenwerk = process.env.E2E_KUESTENWERK_URL!;
  await waitForPortalServer(kuestenwerk);
  await page.setViewportSize({ width: 390, height: 800 });
  await loginAt(page, kuestenwerk, '10005', true);
  await changeAndSeeItSaid(page, kuestenwerk, DEMO_PASSWORD, 'Küste-Neu-2026!');
  await page.setViewportSize({ width: 1280, height: 800 });
  // leave 10005 of this variant as every-screen.spec.ts expects it
  await changeAndSeeItSaid(page, kuestenwerk, 'Küste-Neu-2026!', DEMO_PASSWORD);
});
