import { join } from 'node:path';
import { loginAt, test } from '../support/fixtures';
import { waitForPortalServer } from '../support/portal-server';
import { CUSTOMERS, visitsOf } from '../support/screen-list';
import { checkScreens, chunks, type Width } from '../support/screens';

/**
 * Every route of spec §2 as a visitor and as each demo customer, in both variants: nothing to
 * scroll sideways at 320, 390 and 1280 px, and axe (WCAG 2.1 A/AA and label-content-name-
 * mismatch) without a violation. The standard variant gets axe at 390 and 1280 px; the second
 * variant differs in branding and texts only, so one width for axe is enough there. Each test
 * logs in once and opens its screens in one page; the screens of a customer are split into
 * runs, so that the two workers share them. Where the variant has a customer-number prefix ("KW-"),
 * no screen shows the logged-in customer's number without it. E2E_SCREENSHOTS=<folder> keeps a full-page screenshot
 * of each screen at 390 and 1280 px in <folder>/<variant>/<who>/ (`npm run screenshots`).
 */
const VARIANTS = [
  {
    name: 'standard',
    baseUrl: () => process.env.E2E_BASE_URL!,
    terms: false,
    kundennummerPraefix: '',
    widths: [
      { px: 320, axe: false },
      { px: 390, axe: true },
      { px: 1280, axe: true },
    ],
  },
  {
    name: 'kuestenwerk',
    baseUrl: () => process.env.E2E_KUESTENWERK_URL!,
    terms: true,
    kundennummerPraefix: 'KW-',
    widths: [
      { px: 320, axe: false },
      { px: 390, axe: false },
      { px: 1280, axe: true },
    ],
  },
] as const satisfies readonly {
  name: string;
  baseUrl: () => string;
  terms: boolean;
  /** The prefix config/mandanten/<variant>.json prints customer numbers with. */
  kundennummerPraefix: string;
  widths: readonly Width[];
}[];

const SCREENS_PER_TEST = 10;

for (const variant of VARIANTS) {
  for (const who of ['visitor', ...CUSTOMERS] as const) {
    const runs = chunks(visitsOf(who), SCREENS_PER_TEST);
    for (const [index, run] of runs.entries()) {
      const part = runs.length > 1 ? ` (${index + 1}/${runs.length})` : '';
      test(`${variant.name}, ${who}${part}: ${run.map((visit) => visit.name).join(', ')}`, async ({
        page,
      }) => {
        // The second variant's server may still be filling its demo data (global-setup).
        test.setTimeout(300_000);
        const baseUrl = variant.baseUrl();
        await waitForPortalServer(baseUrl);
        if (who !== 'visitor') await loginAt(page, baseUrl, who, variant.terms);
        const screenshots = process.env.E2E_SCREENSHOTS
          ? join(process.env.E2E_SCREENSHOTS, variant.name, who)
          : undefined;
        // Where the variant prints a prefix, every screen, mail and letter shows the number with it.
        const customerNumber =
          who !== 'visitor' && variant.kundennummerPraefix
            ? { number: who, prefix: variant.kundennummerPraefix }
            : undefined;
        await checkScreens(page, baseUrl, run, variant.widths, screenshots, customerNumber);
      });
    }
  }
}
