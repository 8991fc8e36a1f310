import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, test } from '../support/fixtures';
import { startPortalServer, type PortalServer } from '../support/portal-server';
import { expectNoHorizontalScroll, openScreen, SCREENS, type Screen } from '../support/screens';

// One second server for the second supplier, shared by the tests of this file.
test.describe.configure({ mode: 'serial' });

let kuestenwerk: PortalServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(120_000); // a server start with its demo data, on a busy machine
  kuestenwerk = await startPortalServer({ MANDANT: 'kuestenwerk' });
});
test.afterAll(async () => {
  await kuestenwerk?.stop();
});

const variants = () =>
  [
    { name: 'standard', baseUrl: process.env.E2E_BASE_URL!, terms: false },
    { name: 'kuestenwerk', baseUrl: kuestenwerk!.baseUrl, terms: true },
  ] as const;

async function loginAt(page: Page, baseUrl: string, kundennummer: string, terms: boolean) {
  await page.goto(`${baseUrl}/anmelden`);
  await page.getByLabel('Kundennummer').fill(kundennummer);
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  if (terms) await page.getByLabel('Ich akzeptiere die Nutzungsbedingungen.').check();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Angemeldet als')).toBeVisible();
}

test('Küstenwerk: prefix, header, logo, terms required, footer and global message', async ({
  page,
}) => {
  await page.goto(`${kuestenwerk!.baseUrl}/anmelden`);
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

  await loginAt(page, kuestenwerk!.baseUrl, '10001', true);
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

const screensBy = (who: Screen['as']) => SCREENS.filter((screen) => screen.as === who);

for (const variantName of ['standard', 'kuestenwerk'] as const) {
  for (const who of ['visitor', '10001', '10002', '10005'] as const) {
    test(`${variantName}: every screen of ${who} — no sideways scroll at 320 px, axe and screenshots at 390 and 1280 px`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(240_000);
      const variant = variants().find((candidate) => candidate.name === variantName)!;
      if (who !== 'visitor') await loginAt(page, variant.baseUrl, who, variant.terms);
      for (const screen of screensBy(who)) {
        for (const width of [320, 390, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await openScreen(page, `${variant.baseUrl}${screen.path}`);
          await expectNoHorizontalScroll(page);
          if (width === 320) continue;
          // The standard variant's screens get axe in accessibility.spec.ts.
          if (variant.name === 'kuestenwerk') await expectNoAxeViolations(page);
          await page.screenshot({
            path: join(
              testInfo.project.outputDir,
              'screenshots',
              variant.name,
              `${screen.name}-${width}.png`,
            ),
            fullPage: true,
          });
        }
      }
    });
  }
}
