import { expect, test } from '../support/fixtures';

/**
 * What a visitor's browser fetches for the login page: the app and its page, compressed, with
 * the variant written into the page. The weight in bytes is the bench's to measure (npm run
 * bench); here, that the libraries only logged-in screens use stay away, whatever they weigh.
 */
test('the login page comes compressed, with its variant, without libraries of other screens', async ({
  page,
}) => {
  const requests: { path: string; encoding: string | undefined; type: string; bytes: number }[] =
    [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    requests.push({
      path: url.pathname,
      encoding: response.headers()['content-encoding'],
      type: response.request().resourceType(),
      bytes: Number(response.headers()['content-length'] ?? Infinity),
    });
  });
  await page.goto('/anmelden');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(requests.map((request) => request.path)).not.toContain('/api/mandant');
  const code = requests.filter((request) => ['script', 'stylesheet'].includes(request.type));
  expect(code.length).toBeGreaterThan(0);
  for (const request of code) {
    expect(request.path, 'a library of other screens').not.toMatch(
      /\/(zod|forms|chart-drawing|chart-worker|date-picker)-/,
    );
    // Below a kilobyte the headers of a compressed answer outweigh what it saves.
    if (request.bytes >= 1024) expect(request.encoding, request.path).toBe('br');
  }
  const document = requests.find((request) => request.type === 'document');
  expect(document?.encoding).toBe('br');
});

test('the history page asks for its values beside the contract and draws its chart after the page shows', async ({
  loggedIn: page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  const chartWorker = (path: string) => /\/chart-worker-/.test(path);
  // The contract's answer is held back: the values must be asked for while it is still out.
  let releaseContract = () => {};
  const contractHeld = new Promise<void>((resolve) => (releaseContract = resolve));
  await page.route('**/api/vertrag/5000001', async (route) => {
    await contractHeld;
    await route.continue();
  });
  const historyAsked = page.waitForRequest(/\/api\/vertrag\/5000001\/historie\?/);
  await page.goto('/vertrag/5000001/verbrauchshistorie');
  await historyAsked;
  expect(workers.some(chartWorker)).toBe(false);
  releaseContract();

  await expect(page.getByRole('heading', { level: 1, name: /Verbrauchshistorie/ })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Verbrauch, Arbeitspreis und Kosten je Stunde/ }),
  ).toBeVisible();
  await expect.poll(() => workers.some(chartWorker)).toBe(true);
  // Chart.js runs in the worker only: the page's own thread never loads it.
  expect(scripts.filter((path) => /\/chart-drawing-/.test(path))).toEqual([]);
});

test("the detail page asks for its cards' values beside the contract", async ({
  loggedIn: page,
}) => {
  let releaseContract = () => {};
  const contractHeld = new Promise<void>((resolve) => (releaseContract = resolve));
  await page.route('**/api/vertrag/5000001', async (route) => {
    await contractHeld;
    await route.continue();
  });
  const cardReads = [
    /\/api\/vertrag\/5000001\/aktueller_tarif$/,
    /\/api\/vertrag\/5000001\/ablesungen$/,
    /\/api\/vertrag\/5000001\/verbraeuche$/,
    /\/api\/vertrag\/5000001\/rechnungsadresse\/alle$/,
    /\/api\/vertrag\/5000001\/bankverbindung\/alle$/,
  ].map((path) => page.waitForRequest(path));
  await page.goto('/vertrag/5000001/detail');
  await Promise.all(cardReads);
  releaseContract();

  await expect(page.getByRole('heading', { level: 1, name: 'Vertrag 5000001' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Letzte Ablesung' })).toBeVisible();
});

/**
 * Two things that keep a screen's loading off the page's thread: the framework's script asks
 * V8 to compile it while it streams in, and a screen with data loads the locale data in a worker.
 */
test('the framework comes with its compile hint, and a logged-in start warms Intl in a worker', async ({
  loggedIn: page,
}) => {
  const intlWorker = page.waitForEvent('worker', (worker) =>
    /\/assets\/intl-warm-up\.worker-[^/]+\.js$/.test(worker.url()),
  );
  await page.goto('/vertrag/5000001/detail');
  const framework = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .find((url) => /\/assets\/framework-[^/]+\.js$/.test(url)),
  );
  expect(framework).toBeDefined();
  expect((await (await page.request.get(framework!)).text()).split('\n')[0]).toBe(
    '//# allFunctionsCalledOnLoad',
  );
  await intlWorker;
  await expect(page.getByText('Vertragsstammdaten')).toBeVisible();
});

/**
 * A screen's page names the files its screen loads: the browser fetches them while it reads the
 * page, and the app appends no link of its own (each one a request started on the page's thread).
 */
test("a screen's page names its files, and the app appends none", async ({ loggedIn: page }) => {
  const response = await page.goto('/vertrag/5000001/detail');
  const named = [
    ...(await response!.text()).matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g),
  ].map((match) => match[1]);
  expect(named.some((href) => /\/assets\/vertrag\._id\.detail-[^/]+\.js$/.test(href!))).toBe(true);
  expect(named.some((href) => /\/assets\/zod-[^/]+\.js$/.test(href!))).toBe(true);

  await expect(page.getByRole('heading', { name: 'Letzte Ablesung' })).toBeVisible();
  const linked = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel=modulepreload]')].map(
      (link) => new URL((link as HTMLLinkElement).href).pathname,
    ),
  );
  // Links the app appended itself: only those of the offline support, which starts once the
  // page shows (src/start-offline-support.ts) with what the device keeps, none for a file of
  // the screen.
  const appended = linked.filter((path) => !named.includes(path));
  expect(
    appended.filter(
      (path) =>
        !/\/(start-offline-support|offline-store|background-sync|waiting-readings)-/.test(path),
    ),
  ).toEqual([]);
  expect(linked.length).toBe(new Set(linked).size);
});
