import type { Page } from '@playwright/test';
import {
  contractEndedReadingMessage,
  formatMeterReading,
  NO_FINAL_BILL_TEXT,
  NO_TARIFF_MESSAGE,
} from '@kundenportal/contract';
import { CONTRACTS, expect, expectNoAxeViolations, loginAt, test } from '../support/fixtures';
import { waitForPortalServer } from '../support/portal-server';
import { VARIANTS, WIDTHS } from '../support/variants';

/**
 * An ended contract shows how it ended (its last tariff, final reading and final bill) and
 * offers no reading entry; an ordered contract is on the landing page with its start. Read
 * only: the demo data stays as it is. In both variants, at a phone's and a laptop's width.
 */
/** 10002's contracts come in seed order: cancelled, ordered, voided. */
const BAECKEREI_ORDERED = CONTRACTS.baeckereiCancelled + 1;

const section = (page: Page, name: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const variant of VARIANTS) {
  for (const width of WIDTHS) {
    test.describe(`${variant.name}, ${width} px`, () => {
      test.beforeEach(async ({ page }) => {
        // The second variant's server may still be filling its demo data (global-setup).
        test.setTimeout(120_000);
        await waitForPortalServer(variant.baseUrl());
        await page.setViewportSize({ width, height: 900 });
      });

      test('the ended contract shows its last tariff, final reading and final bill, and takes no reading', async ({
        page,
      }) => {
        const baseUrl = variant.baseUrl();
        const id = CONTRACTS.maxEnded;
        await loginAt(page, baseUrl, '10001', variant.terms);
        await page.goto(`${baseUrl}/vertrag/${id}/detail`);
        await expect(page.getByRole('heading', { name: `Vertrag ${id}`, level: 1 })).toBeVisible();

        await expect(section(page, 'Letzter Tarif')).toContainText('Musterstrom Basis');
        await expect(section(page, 'Letzter Tarif')).toContainText('bis 30.04.2022');
        await expect(page.getByText(NO_TARIFF_MESSAGE)).toHaveCount(0);
        await expect(page.getByRole('heading', { name: 'Aktueller Tarif' })).toHaveCount(0);

        const finalReading = section(page, 'Schlussablesung');
        await expect(finalReading).toContainText('30.04.2022');
        await expect(finalReading).toContainText(formatMeterReading('1-1:1.8.0', 7012.3, 1));
        // The demo has no bill for this contract: the page says so rather than inventing one.
        await expect(section(page, 'Schlussrechnung')).toContainText(NO_FINAL_BILL_TEXT);

        const actions = page.getByRole('navigation', { name: 'Aktionen zum Vertrag' });
        await expect(actions.getByRole('link', { name: 'Alle Ablesungen' })).toBeVisible();
        await expect(actions.getByRole('link', { name: 'Zählerstand erfassen' })).toHaveCount(0);
        await expectNoAxeViolations(page);
        await screenshot(page, `beendet-detail-${variant.name}-${width}`);

        // Its reading page, opened from an old bookmark, says why there is no form.
        await page.goto(`${baseUrl}/vertrag/${id}/ablesung`);
        await expect(page.getByText(contractEndedReadingMessage(id, '2022-04-30'))).toBeVisible();
        await expect(page.getByLabel('Ablesedatum')).toHaveCount(0);
        await expect(page.getByRole('link', { name: 'Zum Vertrag' })).toBeVisible();
        await expectNoAxeViolations(page);
        await screenshot(page, `beendet-ablesung-${variant.name}-${width}`);

        // The form for all meters offers the others, not the ended contract's.
        await page.goto(`${baseUrl}/ablesung`);
        const meters = page.getByLabel('Zähler', { exact: true });
        await expect(
          meters.locator('option', { hasText: `Vertrag ${CONTRACTS.maxGas}` }),
        ).toHaveCount(1);
        await expect(meters.locator('option', { hasText: `Vertrag ${id}` })).toHaveCount(0);
      });

      test('the ordered contract is on the landing page with the day its supply begins', async ({
        page,
      }) => {
        await loginAt(page, variant.baseUrl(), '10002', variant.terms);
        const ordered = page.getByRole('article', {
          name: `Gas · Vertrag ${BAECKEREI_ORDERED}`,
        });
        await expect(ordered).toContainText('Beauftragt, Lieferbeginn am 01.01.2027');
        await expect(ordered).toContainText('Gewerbegas Fix');
        await expect(
          ordered.getByRole('link', { name: `Vertragsdetails (Vertrag ${BAECKEREI_ORDERED})` }),
        ).toBeVisible();
        // Beside the cancelled one, as before.
        await expect(
          page.getByRole('article', {
            name: new RegExp(`Vertrag ${CONTRACTS.baeckereiCancelled}$`),
          }),
        ).toContainText('Gekündigt zum');
        await expectNoAxeViolations(page);
        await screenshot(page, `beauftragt-start-${variant.name}-${width}`);
      });
    });
  }
}
