import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';

/** The focused element in a few words, for messages: a number of its own, tag, role and text. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    // A number per element, so that two alike fields in a row are not taken for one.
    const store = window as { focusIds?: { ids: WeakMap<Element, number>; next: number } };
    const known = (store.focusIds ??= { ids: new WeakMap(), next: 1 });
    if (!known.ids.has(element)) known.ids.set(element, known.next++);
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
    const kind = element.getAttribute('role') ?? element.getAttribute('type') ?? '';
    return `#${known.ids.get(element)} ${element.tagName.toLowerCase()}[${kind}] "${text.slice(0, 40)}"`;
  });

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. Fails when
 * the focus stays where it is (a trap) or when `target` is not reached within `max` presses (an
 * unreachable control), naming where the focus went.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}) {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  const path: string[] = [];
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(key);
    const focused = await target
      .evaluate((element) => element === document.activeElement, undefined, { timeout: 2_000 })
      .catch(() => false);
    if (focused) return;
    const where = await describeFocus(page);
    if (where !== 'body' && where === path.at(-1))
      throw new Error(`${key} keeps the focus on ${where}: a keyboard trap`);
    path.push(where);
  }
  throw new Error(
    `${String(target)} not reached with ${max} × ${key}; the focus went ${path.join(' → ')}`,
  );
}

/** Tabs to `target` and presses `key` on it (Enter for links and buttons, Space for a checkbox). */
export async function activate(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Tabs to a text field and types into it, after clearing what it holds. */
export async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

/** Logs in on the login page by keyboard alone and waits for the landing page. */
export async function loginByKeyboard(page: Page, kundennummer: string, passwort = DEMO_PASSWORD) {
  if (!page.url().endsWith('/anmelden')) await page.goto('/anmelden');
  await typeInto(page, page.getByLabel('Kundennummer'), kundennummer);
  await typeInto(page, page.getByLabel('Passwort', { exact: true }), passwort);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Angemeldet als')).toBeVisible();
}

/**
 * The calendar of the date picker `label`, once it has the focus on a day: its code is fetched
 * when the picker first opens, and until then the keys still go to the date button.
 */
export async function openedCalendar(page: Page, label: string) {
  const calendar = page.getByRole('dialog', { name: `Kalender: ${label}` });
  await expect(calendar.getByRole('grid').locator(':focus')).toHaveCount(1);
  return calendar;
}
