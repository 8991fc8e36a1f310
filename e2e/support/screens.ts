import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { axeViolations, CONTRACTS } from './fixtures';

/** The demo customers of the README who log in to a working portal. */
export const CUSTOMERS = ['10001', '10002', '10005'] as const;
export type Customer = (typeof CUSTOMERS)[number];

/**
 * A route of spec §2. A public one is seen logged out (the guard sends a customer home). A
 * contract route names, for each customer with contracts, the contracts on which a customer
 * reaches it from the screens (10005 has none, so no contract route); every other route is seen
 * by every customer.
 */
interface Screen {
  name: string;
  /** The path; `$id` stands for the contract number. */
  path: string;
  public?: true;
  contracts?: Record<Exclude<Customer, '10005'>, readonly number[]>;
}

const { maxDynamic, maxGas, maxDayNight, maxEnded, baeckereiCancelled } = CONTRACTS;
/** 10002's contracts: cancelled (GEKUENDIGT), ordered (BEAUFTRAGT) and voided (STORNIERT). */
const baeckereiOrdered = baeckereiCancelled + 1;
const baeckereiVoided = baeckereiCancelled + 2;

/** Every route of spec §2; a later screen is added here once. */
const SCREENS: readonly Screen[] = [
  { name: 'anmelden', path: '/anmelden', public: true },
  { name: 'passwort-vergessen', path: '/passwort/vergessen', public: true },
  { name: 'passwort-erneuern', path: '/passwort/erneuern?token=beispiel', public: true },
  { name: 'passwort-erneuern-fehler', path: '/passwort/erneuern', public: true },
  { name: 'portal-gesperrt', path: '/portal/gesperrt', public: true },
  { name: 'email-bestaetigen', path: '/email/bestaetigen?token=beispiel', public: true },
  { name: 'email-widerrufen', path: '/email/widerrufen?token=beispiel', public: true },
  { name: 'start', path: '/' },
  { name: 'vertraege', path: '/vertraege' },
  {
    name: 'vertrag-detail',
    path: '/vertrag/$id/detail',
    contracts: {
      '10001': [maxDynamic, maxGas, maxDayNight, maxEnded],
      '10002': [baeckereiCancelled, baeckereiOrdered, baeckereiVoided],
    },
  },
  {
    name: 'tarifhistorie',
    path: '/vertrag/$id/tarifhistorie',
    contracts: { '10001': [maxGas], '10002': [baeckereiOrdered, baeckereiVoided] },
  },
  // Offered on the cards of active contracts only.
  {
    name: 'kuendigen',
    path: '/vertrag/$id/kuendigen',
    contracts: { '10001': [maxGas], '10002': [] },
  },
  { name: 'dokumente', path: '/dokumente' },
  { name: 'datenuebersicht', path: '/daten/uebersicht' },
  { name: 'kontakt-editieren', path: '/kontakt/editieren' },
  { name: 'rechnungsadresse-editieren', path: '/rechnungsadresse/editieren' },
  { name: 'rechnungsadressen', path: '/rechnungsadressen' },
  {
    name: 'vertrag-rechnungsadressen',
    path: '/vertrag/$id/rechnungsadressen',
    contracts: { '10001': [maxDayNight], '10002': [baeckereiCancelled] },
  },
  {
    name: 'vertrag-rechnungsadresse-editieren',
    path: '/vertrag/$id/rechnungsadresse/editieren',
    contracts: { '10001': [maxDynamic], '10002': [baeckereiCancelled] },
  },
  { name: 'bankverbindung-editieren', path: '/bankverbindung/editieren' },
  { name: 'bankverbindungen', path: '/bankverbindungen' },
  {
    name: 'vertrag-bankverbindungen',
    path: '/vertrag/$id/bankverbindungen',
    contracts: { '10001': [maxGas], '10002': [baeckereiCancelled] },
  },
  {
    name: 'vertrag-bankverbindungen-editieren',
    path: '/vertrag/$id/bankverbindungen/editieren',
    contracts: { '10001': [maxGas], '10002': [baeckereiCancelled] },
  },
  { name: 'kontaktanfrage', path: '/kontaktanfrage' },
  { name: 'kontaktanfrage-ok', path: '/kontaktanfrageOk' },
  // Linked from the detail when there is consumption.
  {
    name: 'verbrauch',
    path: '/vertrag/$id/verbrauch',
    contracts: { '10001': [maxDynamic, maxGas], '10002': [baeckereiCancelled] },
  },
  // Linked from the detail of a dynamic tariff only.
  {
    name: 'verbrauchshistorie',
    path: '/vertrag/$id/verbrauchshistorie',
    contracts: { '10001': [maxDynamic], '10002': [] },
  },
  {
    name: 'vertrag-preiszeitreihe',
    path: '/vertrag/$id/preiszeitreihe',
    contracts: { '10001': [maxDynamic], '10002': [baeckereiCancelled] },
  },
  { name: 'preiszeitreihe', path: '/preiszeitreihe' },
  { name: 'ablesung', path: '/ablesung' },
  {
    name: 'vertrag-ablesung',
    path: '/vertrag/$id/ablesung',
    contracts: { '10001': [maxDayNight], '10002': [baeckereiCancelled, baeckereiOrdered] },
  },
  {
    name: 'ablesungen',
    path: '/vertrag/$id/ablesungen',
    contracts: { '10001': [maxDayNight], '10002': [baeckereiCancelled, baeckereiOrdered] },
  },
  { name: 'passwort-aendern', path: '/passwort/aendern' },
  { name: 'aendere-passwort', path: '/aendere/passwort' },
  // A contract number the customer does not have: what a mistyped or old link shows.
  { name: 'nicht-gefunden', path: `/vertrag/${maxDynamic - 1}/detail` },
];

/** A screen as one visitor or customer opens it: a name for reports and the URL path. */
export interface Visit {
  name: string;
  path: string;
}

/** The screens `who` reaches, with each contract route once per contract it applies to. */
export function visitsOf(who: 'visitor' | Customer): Visit[] {
  return SCREENS.flatMap((screen): Visit[] => {
    if (who === 'visitor' || screen.public)
      return who === 'visitor' && screen.public ? [screen] : [];
    if (!screen.contracts) return [screen];
    const ids = who === '10005' ? [] : screen.contracts[who];
    return ids.map((id) => ({
      name: `${screen.name}-${id}`,
      path: screen.path.replace('$id', String(id)),
    }));
  });
}

/** Opens a screen and waits until it has its heading and nothing is loading any more. */
async function openScreen(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Wird geladen' })).toHaveCount(0);
}

/** What sticks out of the window sideways: the overflow in px and up to five elements. */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { overflow: document.documentElement.scrollWidth - width, wide };
  });
}

const SCREENSHOT_WIDTHS = [390, 1280];

/** A window width to check, and whether axe runs there (it takes a second or two a screen). */
export interface Width {
  px: number;
  axe: boolean;
}

/**
 * Opens each screen once and checks it at every width by resizing the same page (the layout
 * follows CSS media queries alone): nothing to scroll sideways at any width, no axe violation
 * where asked. The widths go from narrow to wide: a chart drawn for a wide window needs a moment
 * to shrink, one drawn narrow never sticks out while it grows. Failures are soft, so that one run
 * names every screen and width that fails.
 */
export async function checkScreens(
  page: Page,
  baseUrl: string,
  visits: readonly Visit[],
  widths: readonly Width[],
  /** Where to keep a full-page screenshot of each screen at 390 and 1280 px, if anywhere. */
  screenshotDir?: string,
) {
  const narrowFirst = [...widths].sort((a, b) => a.px - b.px);
  for (const visit of visits) {
    for (const [step, width] of narrowFirst.entries()) {
      await page.setViewportSize({ width: width.px, height: 800 });
      if (step === 0) await openScreen(page, `${baseUrl}${visit.path}`);
      const where = `${visit.name} (${visit.path}) at ${width.px} px`;
      const { overflow, wide } = await horizontalOverflow(page);
      expect
        .soft(overflow, `sideways scroll on ${where}: ${wide.join(', ')}`)
        .toBeLessThanOrEqual(0);
      if (width.axe) expect.soft(await axeViolations(page), `axe on ${where}`).toEqual([]);
      if (screenshotDir && SCREENSHOT_WIDTHS.includes(width.px)) {
        await page.screenshot({
          path: join(screenshotDir, `${visit.name}-${width.px}.png`),
          fullPage: true,
        });
      }
    }
  }
}

/** Splits `items` into as few runs of at most `size` as can be, of nearly equal length. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const count = Math.ceil(items.length / size);
  return Array.from({ length: count }, (_, run) =>
    items.slice(
      Math.round((run * items.length) / count),
      Math.round(((run + 1) * items.length) / count),
    ),
  );
}
