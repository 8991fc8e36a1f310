import { DEMO_PASSWORD, expect, loginAt, test } from '../support/fixtures';
import { waitForPortalServer } from '../support/portal-server';

/** The second supplier's server of global-setup; every-screen.spec.ts checks its screens. */
const kuestenwerk = () => process.env.E2E_KUESTENWERK_URL!;

test('Küstenwerk: prefix, header, logo, terms required, footer and global message', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await waitForPortalServer(kuestenwerk());
  await page.goto(`${kuestenwerk()}/anmelden`);
  await expect(page).toHaveTitle('Anmelden – Küstenwerk');
  await expect(page.getByText('Küstenwerk Energie – Strom und Gas von der Küste')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Küstenwerk Energie' })).toBeVisible();
  await expect(page.getByText('KW-', { exact: true })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const link of ['Impressum', 'Datenschutz', 'Nutzungsbedingungen']) {
    await expect(footer.getByRole('link', { name: link })).toBeVisible();
  }

  await page.getByLabel('Kundennummer').fill('10001');
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  const submit = page.getByRole('button', { name: 'Anmelden' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Ich akzeptiere die Nutzungsbedingungen.').check();
  await expect(submit).toBeEnabled();

  const notice = page.getByRole('complementary', { name: 'Hinweis des Anbieters' });
  await expect(notice).toContainText('Wartungsarbeiten');
  await notice.getByRole('button', { name: 'Meldung schließen' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Wartungsarbeiten', { exact: false })).toHaveCount(0);
  // A changed text is a new message: it shows again.
  await page.evaluate(() =>
    localStorage.setItem('ekp-meldung-geschlossen', 'wartung-2026-12\neine frühere Fassung'),
  );
  await page.reload();
  await expect(page.getByText('Wartungsarbeiten', { exact: false })).toBeVisible();

  // Typed as printed on the invoice, with the prefix the field already shows.
  await loginAt(page, kuestenwerk(), 'KW-10001', true);
  const button = page.getByRole('link', { name: 'Verträge' }).last();
  await expect(button).toHaveCSS('background-color', 'rgb(0, 95, 115)');
  await expect(page.locator('.navbar')).toHaveCSS('background-color', 'rgb(0, 95, 115)');
});

test('standard: no prefix, no terms, no header, footer with Impressum and Datenschutz', async ({
  page,
}) => {
  await page.goto(`${process.env.E2E_BASE_URL}/anmelden`);
  await expect(page).toHaveTitle('Anmelden – SW Musterstadt');
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Hinweis des Anbieters' })).toHaveCount(0);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link')).toHaveText(['Impressum', 'Datenschutz']);
  await expect(page.locator('.field-prefix')).toHaveCount(0);
});
