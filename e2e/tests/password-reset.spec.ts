import type { APIRequestContext } from '@playwright/test';
import { Messages } from '@kundenportal/contract';
import { DEMO_PASSWORD, expect, loginHome, test } from '../support/fixtures';
import { activate, loginByKeyboard, tabTo, typeInto } from '../support/keyboard';
import { receivedMails, waitForMail } from '../support/mailbox';

const NEW_PASSWORD = 'Grüße-äß-€-2026';

test.describe.configure({ mode: 'serial' });

/** The address on file now: earlier specs may have changed 10001's contact data. */
async function emailOnFile(request: APIRequestContext, kundennummer: string): Promise<string> {
  const login = await request.post('/api/anschlussnutzer/login', {
    headers: { kundennummer, passwort: DEMO_PASSWORD },
  });
  const headers = { kundennummer, token: login.headers()['token'] ?? '' };
  const customer = (await (await request.get('/api/anschlussnutzer', { headers })).json()) as {
    email: string;
  };
  await request.delete('/api/anschlussnutzer/logout', { headers });
  return customer.email;
}

test('10004 and an unknown number read the texts of spec §8.2', async ({ page }) => {
  await page.goto('/passwort/vergessen');
  await expect(page).toHaveTitle(/^Passwort vergessen – /);
  const number = page.getByLabel('Kundennummer');
  await number.fill('10004');
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByRole('alert')).toHaveText(Messages.noPortalAccess);
  await number.fill('99999');
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByRole('alert')).toHaveText(Messages.passwordResetUnknownCustomer);
  await expect(number).toHaveValue('99999');
});

test('a foreign reset address sends no mail', async ({ page, baseURL }) => {
  const before = receivedMails().length;
  const answer = await page.request.post('/api/anschlussnutzer/passwort_reset', {
    headers: { kundennummer: '10001', basisUrl: 'https://angreifer.example/passwort/erneuern' },
  });
  expect(answer.status()).toBe(400);
  // A real request afterwards arrives; the refused one never does.
  const real = await page.request.post('/api/anschlussnutzer/passwort_reset', {
    headers: { kundennummer: '10005', basisUrl: `${baseURL}/passwort/erneuern` },
  });
  expect(real.status()).toBe(200);
  await waitForMail('lena.leer@example.de', before);
  expect(
    receivedMails()
      .slice(before)
      .map((mail) => /^To: (.*)$/m.exec(mail.text)?.[1]),
  ).toEqual(['lena.leer@example.de']);
});

test('a customer who reaches the portal by another host name gets the mail', async ({
  page,
  baseURL,
}) => {
  // The server's PUBLIC_URL is baseURL (127.0.0.1); the same server answers under localhost.
  const otherName = new URL(baseURL!);
  otherName.hostname = 'localhost';
  const before = receivedMails().length;
  await page.goto(new URL('/passwort/vergessen', otherName).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();
  await page.getByLabel('Kundennummer').fill('10005');
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByRole('status')).toHaveText(Messages.passwordResetSent);

  // The link leads to the portal's public address, whichever name the request came by.
  const mail = await waitForMail('lena.leer@example.de', before);
  expect(mail.text).toMatch(new RegExp(`${baseURL}/passwort/erneuern\\?token=[A-Za-z0-9_-]{43}`));
});

test('10001 gets back in with the link of the mail alone, once', async ({ page, baseURL }) => {
  const email = await emailOnFile(page.request, '10001');
  const before = receivedMails().length;
  await page.goto('/anmelden');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL('/passwort/vergessen');
  // The login form stays until the new page has loaded, and it has a Kundennummer field too.
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();
  await page.getByLabel('Kundennummer').fill('10001');
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByRole('status')).toHaveText(Messages.passwordResetSent);
  await expect(page.getByRole('button', { name: 'Senden' })).toHaveCount(0);

  const mail = await waitForMail(email, before);
  expect(mail.text).toContain('Stadtwerke Musterstadt');
  expect(mail.text).toContain('60 Minuten gültig');
  const link = new RegExp(`${baseURL}/passwort/erneuern\\?token=[A-Za-z0-9_-]{43}`).exec(
    mail.text,
  )?.[0];
  expect(link).toBeDefined();

  await page.goto(link!);
  await expect(page).toHaveTitle(/^Neues Passwort vergeben – /);
  const password = page.getByLabel('Neues Passwort', { exact: true });
  const repeat = page.getByLabel('Neues Passwort wiederholen');
  const save = page.getByRole('button', { name: 'Passwort speichern' });
  await password.fill('Grüße');
  await expect(page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeVisible();
  await expect(page.getByRole('meter')).toHaveCount(0);
  await password.fill(NEW_PASSWORD);
  await repeat.fill(`${NEW_PASSWORD}x`);
  await expect(page.getByText('Die neuen Passwörter stimmen nicht überein.')).toBeVisible();
  await expect(page.getByRole('meter')).toBeVisible();
  await expect(save).toBeDisabled();
  await repeat.fill(NEW_PASSWORD);
  await save.click();
  await expect(page.getByRole('status')).toHaveText(Messages.passwordResetDone);
  await page.getByRole('link', { name: 'Jetzt anmelden' }).click();
  await loginHome(page, '10001', NEW_PASSWORD);

  await page.getByRole('button', { name: 'Abmelden' }).click();
  // Logged out once the login page shows: a page opened before would still hold the session.
  await expect(page).toHaveURL('/anmelden');
  // The used link says so at once, before anything is typed, and leads to a new one.
  await page.goto(link!);
  await expect(page.getByRole('alert')).toHaveText(Messages.passwordResetLinkUnusable);
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page.getByLabel('Neues Passwort', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Neuen Link anfordern' }).click();
  await expect(page).toHaveURL('/passwort/vergessen');
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();
});

test('a link without a token says so and offers a new one', async ({ page }) => {
  await page.goto('/passwort/erneuern');
  await expect(page.getByRole('alert')).toHaveText(Messages.passwordResetLinkUnusable);
  await expect(page.getByRole('link', { name: 'Neuen Link anfordern' })).toBeVisible();
});

// 10002: no test after this project logs in as 10002.
test('10002 resets the password by keyboard alone', async ({ page, baseURL }) => {
  const password = 'Brötchen-Teig-2026!';
  const before = receivedMails().length;
  await page.goto('/anmelden');
  await activate(page, page.getByRole('link', { name: 'Passwort vergessen?' }));
  await expect(page).toHaveURL('/passwort/vergessen');
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();
  await typeInto(page, page.getByLabel('Kundennummer'), '10002');
  await tabTo(page, page.getByRole('button', { name: 'Senden' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(Messages.passwordResetSent);

  const mail = await waitForMail('buchhaltung@muster-baeckerei.example', before);
  const link = new RegExp(`${baseURL}/passwort/erneuern\\?token=[A-Za-z0-9_-]{43}`).exec(
    mail.text,
  )?.[0];
  expect(link).toBeDefined();
  await page.goto(link!);
  await typeInto(page, page.getByLabel('Neues Passwort', { exact: true }), password);
  await typeInto(page, page.getByLabel('Neues Passwort wiederholen'), password);
  await activate(page, page.getByRole('button', { name: 'Passwort speichern' }));
  await expect(page.getByRole('status')).toHaveText(Messages.passwordResetDone);
  await activate(page, page.getByRole('link', { name: 'Jetzt anmelden' }));
  await expect(page).toHaveURL('/anmelden');
  await loginByKeyboard(page, '10002', password);
  await expect(page.getByText('Angemeldet als Muster Bäckerei GmbH')).toBeVisible();
});
