import type { BrowserContext, Page } from '@playwright/test';
import { formatDate, formatMeterReading } from '@kundenportal/contract';
import {
  CONTRACTS,
  expect,
  expectNoAxeViolations,
  loginHome,
  readSession,
  test,
} from '../support/fixtures';
import {
  controlledByServiceWorker,
  DAY_MS,
  drawPng,
  GAS,
  GAS_METER,
  germanDay,
  KEPT,
  waitingList,
} from '../support/waiting-readings';

// The service worker runs here: these tests are about what it does.
test.use({ serviceWorkers: 'allow' });

const READING_FORM = `/vertrag/${CONTRACTS.maxGas}/ablesung`;

const liveDaysAgo = (page: Page, daysBack: number) =>
  page.clock.setFixedTime(new Date(Date.now() - daysBack * DAY_MS));

/** Every reading that reached the server, from any page of the context: status and key. */
function sentReadings(context: BrowserContext) {
  const sent: [number, string][] = [];
  // Playwright reports a finished request after the page may already show its effect (the
  // service worker's requests come through a session of their own): read this with
  // `expect.poll`, which waits for the report, not with a plain `expect`.
  context.on('requestfinished', (request) => {
    if (request.method() !== 'POST' || !/\/api\/vertrag\/\d+\/ablesungen$/.test(request.url()))
      return;
    void request.response().then((response) => {
      if (response) sent.push([response.status(), request.headers()['idempotency-key'] ?? '']);
    });
  });
  return sent;
}

/** The contract's stored readings of `day`, as the server lists them to the customer. */
async function storedReadingsOn(page: Page, day: string) {
  const session = await readSession(page);
  const answer = await page.request.get(`/api/vertrag/${CONTRACTS.maxGas}/ablesungen`, {
    headers: { kundennummer: session.kundennummer, token: session.token },
  });
  expect(answer.status()).toBe(200);
  const readings = (await answer.json()) as { ablesedatum: string }[];
  return readings.filter((reading) => reading.ablesedatum === day);
}

test('the cellar walk: kept offline with a photo, still there in a new page started offline, sent once', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  // Days of their own for these tests (offline-readings.spec.ts reads this meter 40 days back).
  const daysBack = 42;
  const day = germanDay(daysBack);
  const value = formatMeterReading(GAS, 5122.3, 3);
  const sent = sentReadings(context);
  await liveDaysAgo(page, daysBack);
  await loginHome(page, '10001');
  await controlledByServiceWorker(page);
  const photo = await drawPng(page);
  await page.goto(READING_FORM);
  await expect(page.getByText(`Zähler ${GAS_METER}`)).toBeVisible();

  await context.setOffline(true);
  await page.getByLabel('Zählerstand', { exact: true }).fill('5122,300');
  await page
    .getByLabel('Foto auswählen')
    .setInputFiles({ name: 'keller.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByRole('img', { name: 'Vorschau: keller.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
  await expect(page.getByText(KEPT)).toBeVisible();
  await expect(waitingList(page)).toContainText(value);
  await page.close();

  // Still in the cellar, the app is started again: the service worker serves it.
  const again = await context.newPage();
  await liveDaysAgo(again, daysBack);
  await again.goto('/');
  await expect(again.getByText(/^Offline – zuletzt aktualisiert am /)).toBeVisible();
  const waiting = waitingList(again);
  await expect(waiting).toContainText(formatDate(day));
  await expect(waiting).toContainText(GAS_METER);
  await expect(waiting).toContainText(value);
  await expectNoAxeViolations(again);
  expect(sent).toEqual([]);

  // Up the stairs: the connection is back, and the reading goes by itself.
  await context.setOffline(false);
  await expect(again.getByRole('heading', { name: 'Wartende Ablesungen' })).toHaveCount(0);
  await again.goto(`/vertrag/${CONTRACTS.maxGas}/ablesungen`);
  const rows = again.getByRole('row').filter({ hasText: formatDate(day) });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(value);
  await expect(rows).toContainText('mit Foto');
  expect(await storedReadingsOn(again, day)).toHaveLength(1);
  await expect.poll(() => sent.map(([status]) => status)).toEqual([201]);
});

test('Background Sync: the service worker’s sync event gets a waiting reading sent', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const daysBack = 43;
  const day = germanDay(daysBack);
  const sent = sentReadings(context);
  await liveDaysAgo(page, daysBack);
  await loginHome(page, '10001');
  await controlledByServiceWorker(page);
  await page.goto(READING_FORM);
  await expect(page.getByText(`Zähler ${GAS_METER}`)).toBeVisible();

  // The browser believes itself online, but the server does not answer: no `online` event will
  // come when it answers again, only the sync.
  const unreachable = /\/api\/vertrag\/\d+\/ablesungen(\/plausibilisiere\?.*)?$/;
  await context.route(unreachable, (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Zählerstand', { exact: true }).fill('5121,200');
  await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
  await expect(page.getByText(KEPT)).toBeVisible();
  await expect(waitingList(page)).toContainText(formatDate(day));
  await context.unroute(unreachable);

  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((entry) => !entry.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(page.url()).origin,
    registrationId: await registration,
    tag: 'ablesungen-senden',
    lastChance: false,
  });

  await expect(page.getByRole('heading', { name: 'Wartende Ablesungen' })).toHaveCount(0);
  expect(await storedReadingsOn(page, day)).toHaveLength(1);
  await expect.poll(() => sent.map(([status]) => status)).toEqual([201]);
});
