import type { Page } from '@playwright/test';
import { formatDate, formatMeterReading } from '@kundenportal/contract';
import {
  CONTRACTS,
  expect,
  expectNoAxeViolations,
  loginHome,
  pickDay,
  test,
} from '../support/fixtures';
import { receivedMails, waitForMail } from '../support/mailbox';
import {
  DAY_MS,
  drawPng,
  GAS,
  GAS_METER,
  germanDay,
  KEPT,
  waitingList,
} from '../support/waiting-readings';

/**
 * Days of their own for this spec's tests, 40 and 44 to 49 days back (readings.spec.ts reads
 * other meters on recent days, offline-cellar-readings.spec.ts this meter 42 and 43 days back).
 */
const DAYS_BACK = 40;
const day = germanDay(DAYS_BACK);

/**
 * The session expires on the server while the phone is offline: the page still holds a token,
 * which the server no longer knows (as after the session's time ran out there).
 */
const expireSession = (page: Page) =>
  page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('ekp-token')!) as { token: string };
    const stale = { ...session, token: [...session.token].reverse().join('') };
    localStorage.setItem('ekp-token', JSON.stringify(stale));
    window.dispatchEvent(new StorageEvent('storage', { key: 'ekp-token' }));
  });

test('a reading entered offline waits on the device, for its customer only, and is sent once', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.clock.setFixedTime(new Date(Date.now() - DAYS_BACK * DAY_MS));
  await loginHome(page, '10001');
  const photo = await drawPng(page);
  await page.goto(`/vertrag/${CONTRACTS.maxGas}/ablesung`);
  await expect(page.getByText(`Zähler ${GAS_METER}`)).toBeVisible();

  // In the cellar: no connection.
  await context.setOffline(true);
  /** Each answer to a sent reading: its status and the key it was sent with. */
  const posts: [number, string][] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && request.url().endsWith('/ablesungen'))
      posts.push([response.status(), request.headers()['idempotency-key'] ?? '']);
  });
  await page.getByLabel('Zählerstand', { exact: true }).fill('5123,456');
  await page
    .getByLabel('Foto auswählen')
    .setInputFiles({ name: 'keller.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByRole('img', { name: 'Vorschau: keller.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
  await expect(page.getByText(KEPT)).toBeVisible();

  const waiting = waitingList(page);
  const value = formatMeterReading(GAS, 5123.456, 3);
  await expect(waiting).toContainText(formatDate(day));
  await expect(waiting).toContainText(GAS_METER);
  await expect(waiting).toContainText(value);
  await expectNoAxeViolations(page);
  await waiting.screenshot({ path: test.info().outputPath('wartende-ablesungen-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);

  // The session expires offline. Back online, the sending meets a 401 and the reading stays;
  // another customer logs in on the same device.
  await expireSession(page);
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/anmelden/);
  expect(posts.map(([status]) => status)).toEqual([401]);
  await loginHome(page, '10002');
  await expect(page.getByRole('heading', { name: 'Wartende Ablesungen' })).toHaveCount(0);
  await page.goto('/ablesung');
  await expect(page.getByRole('heading', { level: 1, name: 'Ablesung erfassen' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Wartende Ablesungen' })).toHaveCount(0);
  expect(posts).toHaveLength(1);

  // The customer logs in again: the reading is sent, once, under the key it was kept with.
  // 10002's session leaves the device as another tab's logout would: through the storage event,
  // so that no answer still on its way renews it into local storage again.
  await page.evaluate(() => {
    localStorage.removeItem('ekp-token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'ekp-token' }));
  });
  await expect(page).toHaveURL(/\/anmelden/);
  await loginHome(page, '10001');
  await expect(page.getByRole('heading', { name: 'Wartende Ablesungen' })).toHaveCount(0);
  expect(posts.map(([status]) => status)).toEqual([401, 201]);
  const key = posts[0]![1];
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  expect(posts[1]![1]).toBe(key);
  await page.goto(`/vertrag/${CONTRACTS.maxGas}/ablesungen`);
  const rows = page.getByRole('row').filter({ hasText: formatDate(day) });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(value);
  await expect(rows).toContainText('mit Foto');

  // Offline again, the same day read once more: the server refuses it after reconnecting, and
  // the reading stays, with the reason, until the customer deletes it.
  await page.goto(`/vertrag/${CONTRACTS.maxGas}/ablesung`);
  await expect(page.getByText(`Zähler ${GAS_METER}`)).toBeVisible();
  await context.setOffline(true);
  await page.getByLabel('Zählerstand', { exact: true }).fill('5124,000');
  await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
  await expect(page.getByText(KEPT)).toBeVisible();
  await context.setOffline(false);
  const refused = waitingList(page).getByRole('alert');
  await expect(refused).toContainText('Nicht gespeichert:');
  expect(posts.map(([status]) => status)).toEqual([401, 201, 400]);
  await page.goto('/');
  await expect(waitingList(page).getByRole('alert')).toContainText('Nicht gespeichert:');
  await expectNoAxeViolations(page);
  await waitingList(page)
    .getByRole('button', { name: /Wartende Ablesung löschen/ })
    .click();
  await page.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByRole('heading', { name: 'Wartende Ablesungen' })).toHaveCount(0);
  expect(posts).toHaveLength(3);
});

test('a reading whose answer got lost is sent again under its key: one reading, one mail', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const daysBack = 44;
  const readingDay = germanDay(daysBack);
  await page.clock.setFixedTime(new Date(Date.now() - daysBack * DAY_MS));
  await loginHome(page, '10001');
  await page.goto(`/vertrag/${CONTRACTS.maxGas}/ablesung`);
  await expect(page.getByText(`Zähler ${GAS_METER}`)).toBeVisible();
  const mailsBefore = receivedMails().length;

  // The reading reaches the server, its answer never reaches the phone (the signal dropped).
  const keys: string[] = [];
  await page.route(/\/ablesungen\/plausibilisiere\?/, (route) =>
    route.abort('internetdisconnected'),
  );
  await page.route(/\/api\/vertrag\/\d+\/ablesungen$/, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push((await route.request().headerValue('idempotency-key')) ?? '');
    if (keys.length > 1) return route.fallback();
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.getByLabel('Zählerstand', { exact: true }).fill('5120,100');
  await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
  await expect(page.getByText(KEPT)).toBeVisible();
  await expect(waitingList(page)).toContainText(formatDate(readingDay));

  // The app starts again: the kept reading goes once more, under the same key. The list is
  // also missing before the app has read what it keeps: wait for the send, then for the list.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => keys.length).toBe(2);
  expect(keys[1]).toBe(keys[0]);
  await expect(page.getByRole('heading', { name: 'Wartende Ablesungen' })).toHaveCount(0);

  await page.goto(`/vertrag/${CONTRACTS.maxGas}/ablesungen`);
  const rows = page.getByRole('row').filter({ hasText: formatDate(readingDay) });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(formatMeterReading(GAS, 5120.1, 3));
  const confirmation = await waitForMail(
    'max.mustermann@example.de',
    mailsBefore,
    formatDate(readingDay),
  );
  expect(confirmation.text).toContain(GAS_METER);
  const confirmations = receivedMails()
    .slice(mailsBefore)
    .filter((mail) => mail.text.includes(GAS_METER) && mail.text.includes(formatDate(readingDay)));
  expect(confirmations).toHaveLength(1);
});

test('two open tabs coming back online send a waiting reading once, not once each', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const daysBack = 45;
  const readingDay = germanDay(daysBack);
  await page.clock.setFixedTime(new Date(Date.now() - daysBack * DAY_MS));
  await loginHome(page, '10001');
  const other = await context.newPage();
  await other.clock.setFixedTime(new Date(Date.now() - daysBack * DAY_MS));
  await other.goto('/');
  await expect(other.getByText('Angemeldet als')).toBeVisible();
  await page.goto(`/vertrag/${CONTRACTS.maxGas}/ablesung`);
  await expect(page.getByText(`Zähler ${GAS_METER}`)).toBeVisible();

  await context.setOffline(true);
  const sent: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/vertrag\/\d+\/ablesungen$/.test(request.url()))
      sent.push(request.headers()['idempotency-key'] ?? '');
  });
  await page.getByLabel('Zählerstand', { exact: true }).fill('5119,000');
  await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
  await expect(page.getByText(KEPT)).toBeVisible();
  await expect(waitingList(other)).toContainText(formatDate(readingDay));

  await context.setOffline(false);
  await expect(waitingList(page)).toHaveCount(0);
  await expect(waitingList(other)).toHaveCount(0);
  expect(sent).toHaveLength(1);
  await other.goto(`/vertrag/${CONTRACTS.maxGas}/ablesungen`);
  await expect(other.getByRole('row').filter({ hasText: formatDate(readingDay) })).toHaveCount(1);
});

/** Full-page pictures at phone and desktop width in the test's output, to look at. */
async function screenshotsAt(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('a refused waiting reading opens in the form with its values and photo, corrected it replaces the kept one', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  // Today and the day before in one month, so that the date picker shows both.
  let daysBack = 47;
  while (germanDay(daysBack).endsWith('-01')) daysBack += 1;
  const readDay = germanDay(daysBack);
  const dayBefore = germanDay(daysBack + 1);
  await page.clock.setFixedTime(new Date(Date.now() - daysBack * DAY_MS));
  await loginHome(page, '10001');
  const photo = await drawPng(page);
  await page.route(/\/ablesungen\/plausibilisiere\?/, (route) =>
    route.abort('internetdisconnected'),
  );
  const form = `/vertrag/${CONTRACTS.maxGas}/ablesung`;
  await page.goto(form);
  await page.getByLabel('Zählerstand', { exact: true }).fill('5118,000');
  await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
  await expect(page).toHaveURL(/\/ablesungen$/);

  // The same day read again in the cellar: refused once the connection is back.
  await page.goto(form);
  await expect(page.getByText(`Zähler ${GAS_METER}`)).toBeVisible();
  await context.setOffline(true);
  await page.getByLabel('Zählerstand', { exact: true }).fill('5118,500');
  await page
    .getByLabel('Foto auswählen')
    .setInputFiles({ name: 'keller.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
  await expect(page.getByText(KEPT)).toBeVisible();
  await context.setOffline(false);
  await expect(waitingList(page).getByRole('alert')).toContainText('Nicht gespeichert:');
  // The form's note said it would be sent; refused, it says so no more.
  await expect(page.getByText(KEPT)).toHaveCount(0);
  await screenshotsAt(page, 'abgelehnt');

  await waitingList(page)
    .getByRole('button', { name: /^Korrigieren/ })
    .click();
  const correction = page.locator('form');
  await expect(correction.getByRole('alert')).toContainText('Nicht gespeichert:');
  await expect(page.getByLabel('Zählerstand', { exact: true })).toHaveValue('5118,500');
  await expect(
    page.getByRole('img', { name: `Vorschau: Foto vom ${formatDate(readDay)}` }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotsAt(page, 'korrigieren');
  await pickDay(page, 'Ablesedatum', dayBefore);
  await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
  await expect(page).toHaveURL(/\/ablesungen$/);
  await expect(page.getByRole('heading', { name: 'Wartende Ablesungen' })).toHaveCount(0);
  const corrected = page.getByRole('row').filter({ hasText: formatDate(dayBefore) });
  await expect(corrected).toHaveCount(1);
  await expect(corrected).toContainText(formatMeterReading(GAS, 5118.5, 3));
  await expect(corrected).toContainText('mit Foto');
  await expect(page.getByRole('row').filter({ hasText: formatDate(readDay) })).toHaveCount(1);
  await page.goto('/');
  await expect(page.getByText('Angemeldet als')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Wartende Ablesungen' })).toHaveCount(0);
});
