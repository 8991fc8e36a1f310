import { CONTRACTS, expect, expectNoAxeViolations, loginAt, test } from '../support/fixtures';
import { waitForPortalServer } from '../support/portal-server';
import { visitsOf } from '../support/screen-list';
import { VARIANTS } from '../support/variants';

const TECHNICAL_ERROR =
  'Es ist ein unerwarteter technischer Fehler aufgetreten, bitte kontaktieren Sie den Kundenservice.';

/** Screens that ask the server for nothing before the customer sends: they stay usable. */
const ASKING_NOTHING = new Set([
  'bankverbindung-editieren',
  'kontaktanfrage',
  'kontaktanfrage-ok',
  'passwort-aendern',
  'aendere-passwort',
]);

for (const variant of VARIANTS) {
  test(`${variant.name}: every screen says §8.1's text when the network fails`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const baseUrl = variant.baseUrl();
    await waitForPortalServer(baseUrl);
    await loginAt(page, baseUrl, '10001', variant.terms);
    // The server is unreachable for every call the screens make; the app itself has loaded.
    await page.route(
      (url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/mandant',
      (route) => route.abort('connectionrefused'),
    );
    for (const visit of visitsOf('10001')) {
      await test.step(visit.name, async () => {
        await page.goto(`${baseUrl}${visit.path}`);
        if (ASKING_NOTHING.has(visit.name))
          await expect.soft(page.getByRole('heading', { level: 1 }), visit.name).toBeVisible();
        else await expect.soft(page.getByText(TECHNICAL_ERROR).first(), visit.name).toBeVisible();
        await expect.soft(page.getByText(/unbekannte[nr] Fehler/), visit.name).toHaveCount(0);
      });
    }
  });
}

for (const variant of VARIANTS) {
  for (const width of [390, 1280]) {
    test(`${variant.name}, ${width} px: a screen whose code cannot load says §8.1's text in the app and loads it on a new try`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const baseUrl = variant.baseUrl();
      await waitForPortalServer(baseUrl);
      await loginAt(page, baseUrl, '10001', variant.terms);
      let fail = true;
      await page.route(/\/assets\/kontaktanfrage-[^/]*\.js$/, (route) =>
        fail ? route.abort('connectionrefused') : route.continue(),
      );
      // Set in this document: a reload of the page would lose it.
      await page.evaluate(() => Object.assign(window, { stayed: true }));
      await page.getByRole('link', { name: 'Kontakt', exact: true }).first().click();
      await expect(page.getByRole('alert')).toHaveText(TECHNICAL_ERROR);
      await expect(page.getByText('Something went wrong!')).toHaveCount(0);
      expect(await page.evaluate(() => 'stayed' in window)).toBe(true);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`chunk-${width}.png`), fullPage: true });

      fail = false;
      await page.getByRole('button', { name: 'Erneut versuchen' }).click();
      await expect(page.getByRole('heading', { name: 'Kontaktanfrage', level: 1 })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(await page.evaluate(() => 'stayed' in window)).toBe(true);
    });
  }
}

test("a contract's card whose master data did not come says so in spec §8.6's words", async ({
  loggedIn: page,
}) => {
  // An answer that is no contract: what a broken proxy or a half-sent answer gives.
  await page.route(`**/api/vertrag/${CONTRACTS.maxGas}`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
  );
  await page.goto('/vertraege');
  const card = page.getByRole('article', { name: new RegExp(`Vertrag ${CONTRACTS.maxGas}$`) });
  await expect(card.getByRole('alert')).toHaveText(
    'Stammdaten zum Vertrag konnten nicht geladen werden.',
  );
});
