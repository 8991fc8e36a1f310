import { test as base, expect, type Page } from '@playwright/test';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { formatLongDate, parseSession, type Session } from '@kundenportal/contract';

export const DEMO_PASSWORD = 'Demo-2026!';

export async function login(page: Page, kundennummer: string, passwort = DEMO_PASSWORD) {
  await page.goto('/anmelden');
  await page.getByLabel('Kundennummer').fill(kundennummer);
  await page.getByLabel('Passwort', { exact: true }).fill(passwort);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** The forced-change state as login's 700 leaves it: an empty token for 300 seconds. */
export async function enterForcedChangeState(page: Page, kundennummer: string) {
  await page.goto('/anmelden');
  await page.evaluate(
    (nummer) =>
      localStorage.setItem(
        'ekp-token',
        JSON.stringify({
          token: '',
          ablaufdatum: new Date(Date.now() + 300_000).toISOString(),
          kundennummer: nummer,
        }),
      ),
    kundennummer,
  );
}

/** Logs in at the portal of `baseUrl` (accepting its terms of use if it has any) and waits for home. */
export async function loginAt(page: Page, baseUrl: string, kundennummer: string, terms: boolean) {
  await page.goto(`${baseUrl}/anmelden`);
  await page.getByLabel('Kundennummer').fill(kundennummer);
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  if (terms) await page.getByLabel('Ich akzeptiere die Nutzungsbedingungen.').check();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Angemeldet als')).toBeVisible();
}

/** Logs in and waits for the landing page, for tests that go on elsewhere. */
export async function loginHome(page: Page, kundennummer: string, passwort = DEMO_PASSWORD) {
  await login(page, kundennummer, passwort);
  await expect(page.getByText('Angemeldet als')).toBeVisible();
}

/**
 * WCAG 2.1 A and AA, plus label-content-name-mismatch (WCAG 2.5.3), which axe keeps among its
 * experimental rules and would otherwise skip.
 */
export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

const AXE_OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  // Only violations are read: axe then keeps no list of the elements that pass.
  resultTypes: ['violations'],
} as const;
const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/**
 * The violations of the rules above, one line each: rule, then the elements it found. The portal
 * has no frames, so axe runs in the page itself, injected once per document: AxeBuilder's
 * cross-frame run opens a blank page for every call, which made each check take a second or
 * more. A page with frames still goes through AxeBuilder.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  let violations: { id: string; nodes: { target: unknown[] }[] }[];
  if (page.frames().length > 1) {
    // options() replaces the whole option object, so it goes before withTags().
    const results = await new AxeBuilder({ page })
      .options({ rules: AXE_OPTIONS.rules, resultTypes: [...AXE_OPTIONS.resultTypes] })
      .withTags([...AXE_OPTIONS.runOnly.values])
      .analyze();
    violations = results.violations;
  } else {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
    violations = await page.evaluate(async (options) => {
      const { axe } = window as unknown as {
        axe: { run(context: Document, options: unknown): Promise<{ violations: never[] }> };
      };
      return (await axe.run(document, options)).violations;
    }, AXE_OPTIONS);
  }
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The raw ekp-token entry of local storage, or null. */
export const storedSession = (page: Page) => page.evaluate(() => localStorage.getItem('ekp-token'));

/** The stored session, read as the web app reads it. */
export async function readSession(page: Page): Promise<Session> {
  const session = parseSession(JSON.parse((await storedSession(page)) ?? 'null'));
  if (!session) throw new Error('Keine gültige Sitzung in ekp-token gespeichert.');
  return session;
}

/** Tests start at the real server of global-setup; `loggedIn` is a page of 10001 already home. */
export const test = base.extend<{ loggedIn: Page }>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  loggedIn: async ({ page }, use) => {
    await loginHome(page, '10001');
    await use(page);
  },
});

export { expect };

export { CONTRACTS } from './demo-contracts';

/**
 * "28. Dezember 2026", as the German day picker names a day: the app's own formatLongDate,
 * which the contract's unit test checks against Intl.
 */
export const germanDayName = formatLongDate;

/**
 * 10:00 in Germany on the 11th of last month, for a browser clock (`page.clock.setFixedTime`):
 * far from a month's edges, so that a calendar opening on tomorrow or on the second working day
 * shows the days around them in one month, whatever day the suite runs; in the past, so that a
 * session logged in by the real clock stays valid; within the years the holiday service answers.
 */
export function eleventhOfLastMonth(now = new Date()): Date {
  const [year, month] = germanDays(now).today.split('-').map(Number);
  const last = month === 1 ? { year: year! - 1, month: 12 } : { year: year!, month: month! - 1 };
  return new Date(`${last.year}-${String(last.month).padStart(2, '0')}-11T10:00:00+01:00`);
}

/** Today and tomorrow in Germany as YYYY-MM-DD. */
export function germanDays(now = new Date()) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(now);
  const next = new Date(`${today}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { today, tomorrow: next.toISOString().slice(0, 10) };
}

/** Opens the date picker labelled `label` and picks `day` (shown in the opening month). */
export async function pickDay(page: Page, label: string, day: string) {
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(`\\b${germanDayName(day)}`) })
    .click();
}
