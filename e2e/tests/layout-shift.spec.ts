import { CONTRACTS, expect, loginHome, test } from '../support/fixtures';

/**
 * The list pages on a phone: each shows when its list is there, so that nothing below it moves
 * under the customer's finger (Lighthouse counted 0.11 on the readings and 0.105 on the
 * addresses while their lists came after the page).
 */
const PAGES = [
  `/vertrag/${CONTRACTS.maxDayNight}/ablesungen`,
  '/rechnungsadressen',
  '/bankverbindungen',
  `/vertrag/${CONTRACTS.maxGas}/rechnungsadressen`,
  `/vertrag/${CONTRACTS.maxGas}/bankverbindungen`,
];

test('the list pages on a phone move nothing once they show', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginHome(page, '10001');
  // Every layout shift of a page's load, as Lighthouse counts them (none after an input).
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const shifted: Record<string, number> = {};
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Zurück/ })).toBeVisible();
    // Two frames after the list: a shift of its frame has reached the observer by then.
    shifted[path] = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve(
                (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total,
              ),
            ),
          ),
        ),
    );
  }
  expect(shifted).toEqual(Object.fromEntries(PAGES.map((path) => [path, 0])));
});
