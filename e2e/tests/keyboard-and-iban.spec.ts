import { CONTRACTS, expect, expectNoAxeViolations, loginAt, test } from '../support/fixtures';
import { activate, tabTo } from '../support/keyboard';
import { waitForPortalServer } from '../support/portal-server';
import { VARIANTS, WIDTHS } from '../support/variants';

/**
 * What a keyboard and a screen reader meet: a submit that cannot be used yet is reached by Tab
 * and says why, and an IBAN is masked as banks show it until the customer asks for it. Read
 * only. In both variants, at a phone's and a laptop's width.
 */

for (const variant of VARIANTS) {
  for (const width of WIDTHS) {
    test.describe(`${variant.name}, ${width} px`, () => {
      test.beforeEach(async ({ page }) => {
        // The second variant's server may still be filling its demo data (global-setup).
        test.setTimeout(120_000);
        await waitForPortalServer(variant.baseUrl());
        await page.setViewportSize({ width, height: 900 });
        await loginAt(page, variant.baseUrl(), '10001', variant.terms);
      });

      test('Tab reaches a submit that cannot be used yet, which says why and sends nothing', async ({
        page,
      }) => {
        await page.goto(`${variant.baseUrl()}/bankverbindung/editieren`);
        const save = page.getByRole('button', { name: 'Speichern' });
        // A form's submit event follows a submit button's click at once, in the same task.
        await save.evaluate((button: HTMLButtonElement) => {
          const counted = window as { submits?: number };
          counted.submits = 0;
          button.form!.addEventListener('submit', () => (counted.submits! += 1), {
            capture: true,
          });
        });
        await tabTo(page, save);
        await expect(save).toHaveAttribute('aria-disabled', 'true');
        await expect(save).toHaveAccessibleDescription(/^Das Formular ist leer\. Es fehlt noch: /);
        await page.keyboard.press('Enter');
        await page.keyboard.press('Space');
        await expect(save).toBeFocused();
        expect(await page.evaluate(() => (window as { submits?: number }).submits)).toBe(0);
        await expectNoAxeViolations(page);
      });

      test('an IBAN shows its last four until "IBAN anzeigen", on the contract and the overview', async ({
        page,
      }) => {
        await page.goto(`${variant.baseUrl()}/vertrag/${CONTRACTS.maxGas}/detail`);
        await expect(page.getByText('DE02 •••• •••• •••• 2051')).toBeVisible();
        await expect(page.getByText('DE02 1203 0000 0000 2020 51')).toHaveCount(0);
        const show = page.getByRole('button', { name: 'IBAN anzeigen' });
        await expect(show).toHaveAttribute('aria-expanded', 'false');
        await activate(page, show);
        await expect(page.getByText('DE02 1203 0000 0000 2020 51')).toBeVisible();
        const hide = page.getByRole('button', { name: 'IBAN verbergen' });
        await expect(hide).toBeFocused();
        await expect(hide).toHaveAttribute('aria-expanded', 'true');
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: test.info().outputPath(`iban-${variant.name}-${width}.png`),
          fullPage: true,
        });
        await page.keyboard.press('Enter');
        await expect(page.getByText('DE02 •••• •••• •••• 2051')).toBeVisible();

        await page.goto(`${variant.baseUrl()}/daten/uebersicht`);
        await expect(page.getByText('DE89 •••• •••• •••• 3000')).toBeVisible();
        await expect(page.getByText('DE89 3704 0044 0532 0130 00')).toHaveCount(0);
        await page.getByRole('button', { name: 'IBAN anzeigen' }).click();
        await expect(page.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
        await expectNoAxeViolations(page);
      });
    });
  }
}
