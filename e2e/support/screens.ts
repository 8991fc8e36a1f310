import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { axeViolations } from './fixtures';
import type { Visit } from './screen-list';

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

/**
 * What the page's Content-Security-Policy refused from here on, as the browser reports it: a
 * refusal is a part of the portal that does not work as built (zod's probe for eval was one).
 */
async function contentSecurityViolations(page: Page) {
  const refused: string[] = [];
  await page.exposeFunction('reportRefusedByPolicy', (what: string) => refused.push(what));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportRefusedByPolicy(what: string): void }).reportRefusedByPolicy(
        `${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}:${event.lineNumber}`,
      ),
    ),
  );
  return refused;
}

/**
 * Where the page's text shows `number` without the variant's `prefix` ("10001" where the variant
 * prints "KW-10001"): each place with some text around it. A number inside a longer reference
 * ("MR-10001-0001", the mandate's) is no customer number and is left alone.
 */
async function bareCustomerNumbers(page: Page, { number, prefix }: CustomerNumber) {
  const text = await page.locator('body').innerText();
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const bare = new RegExp(`(?<!${escape(prefix)})(?<![\\w-])${escape(number)}(?![\\w-])`, 'g');
  return [...text.matchAll(bare)].map((match) =>
    text
      .slice(Math.max(0, match.index - 30), match.index + number.length + 10)
      .replace(/\s+/g, ' '),
  );
}

/** The logged-in customer's number and the prefix the variant prints it with. */
interface CustomerNumber {
  number: string;
  prefix: string;
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
 * to shrink, one drawn narrow never sticks out while it grows. Given a customer number, no screen
 * may show it without the variant's prefix. Failures are soft, so that one run
 * names every screen and width that fails.
 */
export async function checkScreens(
  page: Page,
  baseUrl: string,
  visits: readonly Visit[],
  widths: readonly Width[],
  /** Where to keep a full-page screenshot of each screen at 390 and 1280 px, if anywhere. */
  screenshotDir?: string,
  /** The customer number that must never show without its prefix, where the variant has one. */
  customerNumber?: CustomerNumber,
) {
  const narrowFirst = [...widths].sort((a, b) => a.px - b.px);
  const refused = await contentSecurityViolations(page);
  for (const visit of visits) {
    for (const [step, width] of narrowFirst.entries()) {
      await page.setViewportSize({ width: width.px, height: 800 });
      if (step === 0) await openScreen(page, `${baseUrl}${visit.path}`);
      const where = `${visit.name} (${visit.path}) at ${width.px} px`;
      expect.soft(refused.splice(0), `Content-Security-Policy on ${where}`).toEqual([]);
      const { overflow, wide } = await horizontalOverflow(page);
      expect
        .soft(overflow, `sideways scroll on ${where}: ${wide.join(', ')}`)
        .toBeLessThanOrEqual(0);
      if (customerNumber) {
        expect
          .soft(await bareCustomerNumbers(page, customerNumber), `bare customer number on ${where}`)
          .toEqual([]);
      }
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
