import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { CONTRACTS, expect, expectNoAxeViolations, loginHome, test } from '../support/fixtures';
import { controlledByServiceWorker } from '../support/waiting-readings';

test.use({ serviceWorkers: 'allow' });

const OFFLINE_NOTE = /^Offline – zuletzt aktualisiert am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr$/;
const READING_FORM = `/vertrag/${CONTRACTS.maxDynamic}/ablesung`;

async function expectAccessibleAt(page: Page, widths: number[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
}

test('is installable: manifest with names and icons, a service worker in control', async ({
  baseURL,
}) => {
  // A profile on disk: Chromium installs nothing from an off-the-record context, which is
  // what a test's context is otherwise.
  const context = await chromium.launchPersistentContext(
    mkdtempSync(join(tmpdir(), 'kp-install-')),
    {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      baseURL,
      serviceWorkers: 'allow',
    },
  );
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/anmelden');
  await controlledByServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);

  const { url, errors, data } = await cdp.send('Page.getAppManifest');
  expect(new URL(url).pathname).toBe('/manifest.webmanifest');
  expect(errors).toEqual([]);
  const manifest = JSON.parse(data ?? '{}') as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Stadtwerke Musterstadt',
    short_name: 'SW Musterstadt',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const answer = await page.request.get(icon.src);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
  await context.close();
});

test('starts offline with the last loaded contracts and meters, and says so', async ({
  page,
  context,
}) => {
  // A login, three offline starts and four axe runs: 5 s here, 31 s in a CI run whose other
  // tests took three times as long as here. Time enough, not a retry.
  test.setTimeout(90_000);
  await loginHome(page, '10001');
  await controlledByServiceWorker(page);
  // Visited online under the service worker: the landing page and the reading form.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Ihre Verträge auf einen Blick' })).toBeVisible();
  const cards = page.locator('.summary-section .card-list > *');
  const contractCount = await cards.count();
  expect(contractCount).toBeGreaterThan(0);
  await page.goto(READING_FORM);
  await expect(page.getByRole('button', { name: 'Ablesung übermitteln' })).toBeVisible();
  const meterText = await page.locator('main').innerText();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  // The reading form opens offline, with its meter, under the note.
  await expect(page.getByText(OFFLINE_NOTE)).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `Ablesung für Vertrag ${CONTRACTS.maxDynamic} erfassen` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ablesung übermitteln' })).toBeVisible();
  expect(await page.locator('main').innerText()).toBe(meterText);

  await page.goto('/');
  await expect(page.getByText(OFFLINE_NOTE)).toBeVisible();
  await expect(page.getByText('Angemeldet als')).toBeVisible();
  await expect(cards).toHaveCount(contractCount);
  await expectAccessibleAt(page, [390, 1280]);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({
    path: test.info().outputPath('offline-landing-390.png'),
    fullPage: true,
  });

  // A screen whose data was never kept says in place that it needs the network.
  await page.goto('/dokumente');
  await expect(page.getByRole('heading', { name: 'Dokumente', level: 1 })).toBeVisible();
  await expect(page.getByText('Diese Ansicht braucht eine Internetverbindung.')).toBeVisible();
  await expect(page.getByText(OFFLINE_NOTE)).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath('offline-documents-390.png'),
    fullPage: true,
  });
  await expectAccessibleAt(page, [390, 1280]);

  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_NOTE)).toHaveCount(0);
  // Back online, the screen loads what it could not.
  await page.getByRole('button', { name: 'Alle Dokumente neu laden' }).click();
  await expect(page.getByText('Diese Ansicht braucht eine Internetverbindung.')).toHaveCount(0);
});

/** The keys of what the app keeps for offline starts (idb-keyval's default store). */
const keptCustomers = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open('keyval-store');
        opening.onerror = () => reject(new Error(String(opening.error)));
        opening.onsuccess = () => {
          const keys = opening.result.transaction('keyval').objectStore('keyval').getAllKeys();
          keys.onsuccess = () =>
            resolve(
              keys.result
                .map(String)
                .filter((key) => key.startsWith('kp-offline-queries:'))
                .sort(),
            );
        };
      }),
  );

test('what is kept is the logged-in customer’s only, and goes at logout', async ({ page }) => {
  await loginHome(page, '10001');
  await expect.poll(() => keptCustomers(page)).toEqual(['kp-offline-queries:10001']);
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expect.poll(() => keptCustomers(page)).toEqual([]);

  await loginHome(page, '10002');
  await expect.poll(() => keptCustomers(page)).toEqual(['kp-offline-queries:10002']);
});

test('a page whose address carries a token is neither kept nor answered offline', async ({
  page,
  context,
}) => {
  await page.goto('/anmelden');
  await controlledByServiceWorker(page);
  await page.reload();
  await expect.poll(() => keptPageAddresses(page)).toHaveLength(1);
  const resetLink = `/passwort/erneuern?token=${'B'.repeat(43)}`;
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { name: 'Neues Passwort vergeben' })).toBeVisible();

  await context.setOffline(true);
  // The kept page opens the portal offline, but a link with a token never comes from it.
  await page.goto('/anmelden');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  expect((await keptPageAddresses(page)).filter((address) => address.includes('?'))).toEqual([]);
  await expect(page.goto(resetLink)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
});

/** The addresses of the pages the service worker keeps for offline starts. */
const keptPageAddresses = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('app-page');
    const answers = await Promise.all((await cache.keys()).map((key) => cache.match(key)));
    return answers.map((answer) => answer?.url ?? '');
  });
