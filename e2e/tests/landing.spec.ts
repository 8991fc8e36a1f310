import {
  addMonths,
  berlinDayOf,
  firstOfMonth,
  formatDate,
  tariffChangeText,
  type SummaryTariff,
} from '@kundenportal/contract';
import type { Page } from '@playwright/test';
import { CONTRACTS, expect, loginHome, test } from '../support/fixtures';

const summaryCard = (page: Page, heading: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: heading }) });

test('the landing page sums up each supplied contract from one request', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/uebersicht') || path.startsWith('/api/vertrag/')) calls.push(path);
  });
  await loginHome(page, '10001');

  const dynamic = summaryCard(page, `Strom · Vertrag ${CONTRACTS.maxDynamic}`);
  await expect(dynamic).toContainText('Musterstrom Dynamisch');
  await expect(dynamic).toContainText(/Preis jetzt \(brutto\)\d+,\d\d ct\/kWh seit \d\d:\d\d Uhr/);
  await expect(dynamic).toContainText('16.101,70 kWh am 31.12.2025');
  // The next tariff starts on the first of next month (demo data, apps/server/src/demo).
  const tariff = (name: string, grundpreis: number, gueltigVon: string): SummaryTariff => ({
    name,
    grundpreis,
    gueltigVon,
    tariftyp: 'DYNAMISCHER_PREIS',
    istDynamisch: true,
    brutto: true,
    arbeitspreis: null,
    gueltigBis: null,
  });
  const next = firstOfMonth(addMonths(berlinDayOf(new Date()), 1));
  const change = tariffChangeText(
    tariff('Musterstrom Dynamisch', 183.5, '2025-01-01'),
    tariff('Musterstrom Dynamisch 2', 189.21, next),
  );
  expect(change).toContain(`Ab ${formatDate(next)}`);
  await expect(dynamic).toContainText(change);
  await expect(dynamic.getByRole('link', { name: 'Jahresabrechnung Strom 2025' })).toBeVisible();

  const gas = summaryCard(page, `Gas · Vertrag ${CONTRACTS.maxGas}`);
  await expect(gas).toContainText('m³ am');
  await expect(gas).not.toContainText('Preis jetzt');
  const dayNight = summaryCard(page, `Strom · Vertrag ${CONTRACTS.maxDayNight}`);
  await expect(dayNight).toContainText('Hochtarif (HT): 24.688,00 kWh');
  await expect(dayNight).toContainText('Niedertarif (NT): 10.402,90 kWh');
  // The ended contract has no card; the six actions stay.
  await expect(page.getByRole('article')).toHaveCount(3);
  for (const action of ['Zählerstand erfassen', 'Datenübersicht', 'Dokumente', 'Verträge']) {
    await expect(
      page.getByRole('region', { name: 'Was möchten Sie tun?' }).getByRole('link', {
        name: action,
        exact: true,
      }),
    ).toBeVisible();
  }
  expect(calls).toEqual(['/api/uebersicht']);

  await dynamic
    .getByRole('link', { name: `Vertragsdetails (Vertrag ${CONTRACTS.maxDynamic})` })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Vertrag ${CONTRACTS.maxDynamic}` }),
  ).toBeVisible();
});

test('a failed summary says so and loads again, the actions stay usable', async ({ page }) => {
  let fail = true;
  await page.route('**/api/uebersicht', (route) =>
    fail
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' })
      : route.continue(),
  );
  await loginHome(page, '10001');
  await expect(page.getByRole('alert')).toContainText('unerwarteter technischer Fehler');
  await expect(page.getByRole('link', { name: 'Dokumente', exact: true }).last()).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Übersicht neu laden' }).click();
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('without contracts the landing page says what to do instead', async ({ page }) => {
  await loginHome(page, '10005');
  await expect(
    page.getByText('Zu Ihrem Kundenkonto ist noch kein Vertrag hinterlegt.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Schreiben Sie uns' }).click();
  await expect(page).toHaveURL('/kontaktanfrage');
});

test("a cancelled contract's card says until when it is supplied", async ({ page }) => {
  await loginHome(page, '10002');
  const cancelled = summaryCard(page, `Vertrag ${CONTRACTS.baeckereiCancelled}`);
  // The end the cancellation asked for (demo data: 31.12.2026).
  await expect(cancelled).toContainText('StatusGekündigt zum 31.12.2026');
  // Beside it only the ordered contract; the voided one has no card.
  await expect(page.getByRole('article')).toHaveCount(2);
});
