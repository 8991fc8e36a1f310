import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { CONTRACTS } from './fixtures';

/** A screen of spec §2 as a customer reaches it: who must be logged in, and where it is. */
export interface Screen {
  name: string;
  path: string;
  as: 'visitor' | '10001' | '10002' | '10005';
}

/** Every route of spec §2 that exists; a later screen is added here once. */
export const SCREENS: readonly Screen[] = [
  { name: 'anmelden', path: '/anmelden', as: 'visitor' },
  { name: 'passwort-vergessen', path: '/passwort/vergessen', as: 'visitor' },
  { name: 'passwort-erneuern', path: '/passwort/erneuern?token=beispiel', as: 'visitor' },
  { name: 'portal-gesperrt', path: '/portal/gesperrt', as: 'visitor' },
  { name: 'start', path: '/', as: '10001' },
  { name: 'vertraege', path: '/vertraege', as: '10001' },
  { name: 'vertraege-10002', path: '/vertraege', as: '10002' },
  { name: 'vertraege-leer', path: '/vertraege', as: '10005' },
  { name: 'vertrag-detail', path: `/vertrag/${CONTRACTS.maxDynamic}/detail`, as: '10001' },
  {
    name: 'vertrag-detail-tag-nacht',
    path: `/vertrag/${CONTRACTS.maxDayNight}/detail`,
    as: '10001',
  },
  { name: 'tarifhistorie', path: `/vertrag/${CONTRACTS.maxGas}/tarifhistorie`, as: '10001' },
  { name: 'kuendigen', path: `/vertrag/${CONTRACTS.maxGas}/kuendigen`, as: '10001' },
  { name: 'dokumente', path: '/dokumente', as: '10001' },
  { name: 'datenuebersicht', path: '/daten/uebersicht', as: '10001' },
  { name: 'datenuebersicht-leer', path: '/daten/uebersicht', as: '10005' },
  { name: 'kontakt-editieren', path: '/kontakt/editieren', as: '10001' },
  { name: 'rechnungsadresse-editieren', path: '/rechnungsadresse/editieren', as: '10001' },
  { name: 'rechnungsadressen', path: '/rechnungsadressen', as: '10001' },
  {
    name: 'vertrag-rechnungsadressen',
    path: `/vertrag/${CONTRACTS.maxDayNight}/rechnungsadressen`,
    as: '10001',
  },
  {
    name: 'vertrag-rechnungsadresse-editieren',
    path: `/vertrag/${CONTRACTS.maxDynamic}/rechnungsadresse/editieren`,
    as: '10001',
  },
  { name: 'bankverbindung-editieren', path: '/bankverbindung/editieren', as: '10001' },
  { name: 'bankverbindungen', path: '/bankverbindungen', as: '10001' },
  {
    name: 'vertrag-bankverbindungen',
    path: `/vertrag/${CONTRACTS.maxGas}/bankverbindungen`,
    as: '10001',
  },
  {
    name: 'vertrag-bankverbindungen-editieren',
    path: `/vertrag/${CONTRACTS.maxGas}/bankverbindungen/editieren`,
    as: '10001',
  },
  { name: 'kontaktanfrage', path: '/kontaktanfrage', as: '10001' },
  { name: 'kontaktanfrage-ok', path: '/kontaktanfrageOk', as: '10001' },
  { name: 'verbrauch', path: `/vertrag/${CONTRACTS.maxDynamic}/verbrauch`, as: '10001' },
  {
    name: 'verbrauchshistorie',
    path: `/vertrag/${CONTRACTS.maxDynamic}/verbrauchshistorie`,
    as: '10001',
  },
  {
    name: 'vertrag-preiszeitreihe',
    path: `/vertrag/${CONTRACTS.maxDynamic}/preiszeitreihe`,
    as: '10001',
  },
  { name: 'preiszeitreihe', path: '/preiszeitreihe', as: '10001' },
  { name: 'ablesung', path: '/ablesung', as: '10001' },
  { name: 'ablesung-ohne-vertrag', path: '/ablesung', as: '10005' },
  { name: 'vertrag-ablesung', path: `/vertrag/${CONTRACTS.maxDayNight}/ablesung`, as: '10001' },
  { name: 'ablesungen', path: `/vertrag/${CONTRACTS.maxDayNight}/ablesungen`, as: '10001' },
  { name: 'passwort-aendern', path: '/passwort/aendern', as: '10001' },
];

/** Opens a screen and waits until it has its heading and nothing is loading any more. */
export async function openScreen(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Wird geladen' })).toHaveCount(0);
}

/** The page is no wider than the window: nothing to scroll sideways. */
export async function expectNoHorizontalScroll(page: Page) {
  const { overflow, wide } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { overflow: document.documentElement.scrollWidth - width, wide };
  });
  expect(overflow, `horizontal overflow on ${page.url()}: ${wide.join(', ')}`).toBeLessThanOrEqual(
    0,
  );
}
