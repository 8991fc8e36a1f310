import type { Page } from '@playwright/test';
import { CONTRACTS, expect, expectNoAxeViolations, loginAt, test } from '../support/fixtures';
import { waitForPortalServer } from '../support/portal-server';
import { VARIANTS, WIDTHS } from '../support/variants';

/**
 * The trade's words keep their names and say beside them what they mean, and the new password's
 * hint tells the rule from the advice: in both variants, on a phone and a laptop. Reads only.
 */

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const variant of VARIANTS) {
  for (const width of WIDTHS) {
    test(`${variant.name} at ${width} px: reading and contract terms are explained`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const baseUrl = variant.baseUrl();
      await waitForPortalServer(baseUrl);
      await page.setViewportSize({ width, height: 800 });
      await loginAt(page, baseUrl, '10001', variant.terms);

      await page.goto(`${baseUrl}/vertrag/${CONTRACTS.maxGas}/detail`);
      const lastReading = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Letzte Ablesung' }) });
      await expect(lastReading.getByText('Ersatzwert (geschätzt)')).toBeVisible();
      await expect(
        lastReading.getByText('Die regelmäßige Ablesung für Ihre Jahresabrechnung.'),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto(`${baseUrl}/vertrag/${CONTRACTS.maxDynamic}/detail`);
      await expect(
        page.getByRole('definition').filter({ hasText: 'Lieferantenwechsel' }),
      ).toHaveText('Lieferantenwechsel Sie sind von Ihrem bisherigen Anbieter zu uns gewechselt.');
      await expectNoAxeViolations(page);
      await screenshot(page, `vertrag-${variant.name}-${width}`);

      await page.goto(`${baseUrl}/vertrag/${CONTRACTS.maxGas}/ablesungen`);
      const estimated = page.getByRole('row').filter({ hasText: '30.09.2025' });
      await expect(estimated).toContainText('Ersatzwert (geschätzt)');
      await expect(estimated).toContainText(
        'Turnusablesung Die regelmäßige Ablesung für Ihre Jahresabrechnung.',
      );
      await expectNoAxeViolations(page);
      await screenshot(page, `ablesungen-${variant.name}-${width}`);
    });

    test(`${variant.name} at ${width} px: the password hint tells the rule from the advice`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const baseUrl = variant.baseUrl();
      await waitForPortalServer(baseUrl);
      await page.setViewportSize({ width, height: 800 });
      await loginAt(page, baseUrl, '10001', variant.terms);
      await page.goto(`${baseUrl}/passwort/aendern`);
      const field = page.getByLabel('Neues Passwort', { exact: true });
      await expect(field).toHaveAccessibleDescription(
        'Mindestens 8 Zeichen, empfohlen sind 10. Ein starkes Passwort ist mindestens 10 Zeichen lang und beinhaltet mindestens eine Zahl, einen kleinen Buchstaben, einen großen Buchstaben und ein Sonderzeichen.',
      );
      await expect(page.getByText('Mindestens 8 Zeichen, empfohlen sind 10.')).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, `passwort-${variant.name}-${width}`);
    });
  }
}
