import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import {
  addDays,
  addMonths,
  berlinDayOf,
  defaultReferenceDay,
  formatDate,
  historyWindow,
  priceSeriesWindow,
} from '@kundenportal/contract';
import { CONTRACTS, expect, test } from '../support/fixtures';
import { activate, loginByKeyboard, openedCalendar, tabTo } from '../support/keyboard';

const HISTORY = `/vertrag/${CONTRACTS.maxDynamic}/verbrauchshistorie`;
const BOM = '\uFEFF';

const rangeText = (fromDay: string, toDay: string) =>
  fromDay === toDay ? formatDate(fromDay) : `${formatDate(fromDay)} bis ${formatDate(toDay)}`;

async function csvOf(download: Download) {
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith(BOM)).toBe(true);
  return text.slice(1).trimEnd().split('\r\n');
}

async function downloadCsv(page: Page) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV herunterladen' }).click();
  return downloading;
}

/** The rows of the chart's value table (opened), without its header. */
async function tableRows(page: Page) {
  const details = page.locator('details.chart-data');
  if (!(await details.getAttribute('open'))) await details.getByText('Werte als Tabelle').click();
  return details.locator('tbody tr');
}

const historyRequests = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/historie')) urls.push(request.url());
  });
  return urls;
};

test.describe('consumption history of the dynamic contract', () => {
  test('hourly: 48 hours, steps back and forth within the limit, reload and CSV', async ({
    loggedIn: page,
  }) => {
    const requests = historyRequests(page);
    const now = new Date();
    const latest = defaultReferenceDay('STUENDLICH', now);
    const window = historyWindow('STUENDLICH', latest, now);
    await page.goto(HISTORY);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: `Verbrauchshistorie für Vertrag ${CONTRACTS.maxDynamic}`,
      }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Preisübersicht 48h' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(
      page.getByRole('heading', { level: 2, name: rangeText(window.fromDay, window.toDay) }),
    ).toBeVisible();
    const next = page.getByRole('button', { name: /^> Nächster Tag/ });
    const previous = page.getByRole('button', { name: /^< Vorheriger Tag/ });
    await expect(next).toBeDisabled();
    const hours = (window.to.getTime() - window.from.getTime()) / 3_600_000;
    await expect(await tableRows(page)).toHaveCount(hours);
    // The rows' costs, in Cent at two decimals, add up to the tile's total to the cent.
    const germanNumber = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));
    const costs = await (await tableRows(page)).locator('td:nth-child(4)').allTextContents();
    const rowsCent = costs
      .filter((text) => text !== 'keine Daten')
      .reduce((sum, text) => sum + germanNumber(text), 0);
    const total = page.locator('.key-figure', { hasText: 'Kosten im Zeitraum' }).locator('dd');
    await expect(total).toHaveText(
      `${(Math.round(rowsCent) / 100).toFixed(2).replace('.', ',')} €`,
    );
    await expect(
      page.getByText('Verbrauch, Arbeitspreis und Kosten je Stunde').first(),
    ).toBeVisible();
    await expect(page.getByText(/geschätzte oder prognostizierte Werte/)).toBeVisible();

    const rows = await csvOf(await downloadCsv(page));
    expect(rows[0]).toBe('von;Verbrauch in kWh;Preis in EUR;Kosten in EUR');
    expect(rows).toHaveLength(hours + 1);
    // The first hour is metered: values with a decimal comma; tomorrow's hours are "null".
    expect(rows[1]).toMatch(/^\d{2}\.\d{2}\.\d{4} 00:00;\d+,\d+;-?\d+,\d+;-?\d+,\d+$/);
    if (latest > berlinDayOf(now)) expect(rows.at(-1)).toMatch(/;null;-?\d+,\d+;null$/);

    await previous.click();
    const before = historyWindow('STUENDLICH', addDays(latest, -1), now);
    await expect(
      page.getByRole('heading', { level: 2, name: rangeText(before.fromDay, before.toDay) }),
    ).toBeVisible();
    await expect(next).toBeEnabled();
    await next.click();
    await expect(next).toBeDisabled();
    await expect(
      page.getByRole('heading', { level: 2, name: rangeText(window.fromDay, window.toDay) }),
    ).toBeVisible();
    // Back to a range already loaded: from the cache, no new request.
    expect(requests).toHaveLength(2);
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await expect.poll(() => requests.length).toBe(3);
    await expect(page.getByRole('button', { name: 'Neu laden' })).toBeEnabled();
  });

  test('daily: the month up to yesterday, one month per step, CSV', async ({ loggedIn: page }) => {
    const now = new Date();
    const latest = defaultReferenceDay('TAEGLICH', now);
    const window = historyWindow('TAEGLICH', latest, now);
    await page.goto(HISTORY);
    await page.getByRole('button', { name: 'Monatsübersicht' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: rangeText(window.fromDay, window.toDay) }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Nächster Monat/ })).toBeDisabled();
    const days = Number(window.toDay.slice(8));
    await expect(await tableRows(page)).toHaveCount(days);

    const download = await downloadCsv(page);
    expect(download.suggestedFilename()).toBe(
      `Monatsdaten_dynamischer_Tarif__${window.fromDay}_${window.toDay}.csv`,
    );
    const rows = await csvOf(download);
    expect(rows[0]).toBe('von;Verbrauch in kWh;Preis in EUR;Kosten in EUR');
    expect(rows).toHaveLength(days + 1);
    expect(rows[1]).toMatch(
      new RegExp(
        `^${formatDate(window.fromDay).replace(/\./g, '\\.')} 00:00;\\d+,\\d+;\\d+,\\d+;\\d+,\\d+$`,
      ),
    );

    await page.getByRole('button', { name: /Vorheriger Monat/ }).click();
    const before = historyWindow('TAEGLICH', addDays(window.fromDay, -1), now);
    await expect(
      page.getByRole('heading', { level: 2, name: rangeText(before.fromDay, before.toDay) }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Nächster Monat/ })).toBeEnabled();
    const previousDownload = await downloadCsv(page);
    expect(previousDownload.suggestedFilename()).toBe(
      `Monatsdaten_dynamischer_Tarif__${before.fromDay}_${before.toDay}.csv`,
    );
  });

  test('monthly: the year up to yesterday with "Aktuell", one year per step, CSV', async ({
    loggedIn: page,
  }) => {
    const now = new Date();
    const latest = defaultReferenceDay('MONATLICH', now);
    const window = historyWindow('MONATLICH', latest, now);
    await page.goto(HISTORY);
    await page.getByRole('button', { name: 'Jahresübersicht' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: rangeText(window.fromDay, window.toDay) }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Nächstes Jahr/ })).toBeDisabled();
    const rows = await tableRows(page);
    const months = Number(window.toDay.slice(5, 7));
    await expect(rows).toHaveCount(months);
    if (latest.slice(0, 7) === berlinDayOf(now).slice(0, 7))
      await expect(rows.last().locator('td').first()).toHaveText('Aktuell');

    const download = await downloadCsv(page);
    expect(download.suggestedFilename()).toBe(
      `Jahresdaten_dynamischer_Tarif__${window.fromDay}_${window.toDay}.csv`,
    );
    const lines = await csvOf(download);
    expect(lines[0]).toBe('von;Verbrauch in kWh;Preis in EUR;Kosten in EUR');
    expect(lines).toHaveLength(months + 1);

    await page.getByRole('button', { name: /Vorheriges Jahr/ }).click();
    const year = Number(window.fromDay.slice(0, 4)) - 1;
    await expect(
      page.getByRole('heading', { level: 2, name: rangeText(`${year}-01-01`, `${year}-12-31`) }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Nächstes Jahr/ })).toBeEnabled();
  });

  test('keeps the view in the URL: reload keeps it, back returns to the one before', async ({
    loggedIn: page,
  }) => {
    const now = new Date();
    const hourly = historyWindow('STUENDLICH', defaultReferenceDay('STUENDLICH', now), now);
    const month = historyWindow('TAEGLICH', defaultReferenceDay('TAEGLICH', now), now);
    const monthBefore = historyWindow('TAEGLICH', addDays(month.fromDay, -1), now);
    const range = (window: { fromDay: string; toDay: string }) =>
      page.getByRole('heading', { level: 2, name: rangeText(window.fromDay, window.toDay) });
    const dailyMode = page.getByRole('button', { name: 'Monatsübersicht' });
    await page.goto(HISTORY);
    await expect(range(hourly)).toBeVisible();
    await dailyMode.click();
    await expect(range(month)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Neu laden' })).toBeEnabled();
    await page.getByRole('button', { name: /Vorheriger Monat/ }).click();
    await expect(range(monthBefore)).toBeVisible();
    await expect(page).toHaveURL(/ansicht=TAEGLICH/);

    await page.reload();
    await expect(range(monthBefore)).toBeVisible();
    await expect(dailyMode).toHaveAttribute('aria-pressed', 'true');
    await expect(await tableRows(page)).toHaveCount(Number(monthBefore.toDay.slice(8)));

    await page.goBack();
    await expect(range(month)).toBeVisible();
    await expect(dailyMode).toHaveAttribute('aria-pressed', 'true');
    await page.goBack();
    await expect(range(hourly)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Preisübersicht 48h' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('a link with a view it cannot read opens the default view', async ({ loggedIn: page }) => {
    const now = new Date();
    const hourly = historyWindow('STUENDLICH', defaultReferenceDay('STUENDLICH', now), now);
    await page.goto(`${HISTORY}?ansicht=monat&tag=2026-13-45`);
    await expect(
      page.getByRole('heading', { level: 2, name: rangeText(hourly.fromDay, hourly.toDay) }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Preisübersicht 48h' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('a month back in one go with the date field, by keyboard', async ({ loggedIn: page }) => {
    const now = new Date();
    const latest = defaultReferenceDay('STUENDLICH', now);
    const monthBack = historyWindow('STUENDLICH', addMonths(latest, -1), now);
    await page.goto(HISTORY);
    const dateField = page.getByRole('button', { name: /^Datum/ });
    await tabTo(page, dateField);
    await page.keyboard.press('Enter');
    const calendar = await openedCalendar(page, 'Datum');
    // react-day-picker: Page Up is the same day a month earlier.
    await page.keyboard.press('PageUp');
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(
      page.getByRole('heading', { level: 2, name: rangeText(monthBack.fromDay, monthBack.toDay) }),
    ).toBeVisible();
    await expect(dateField).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`tag=${addMonths(latest, -1)}`));
  });

  test('the day the clocks go back: the repeated hour marked MESZ and MEZ, as in the CSV', async ({
    loggedIn: page,
  }) => {
    // The last autumn switch: the last Sunday of October, this year's once it has passed.
    const today = berlinDayOf(new Date());
    const lastSunday = (year: number) => {
      const day = new Date(Date.UTC(year, 9, 31));
      day.setUTCDate(31 - day.getUTCDay());
      return day.toISOString().slice(0, 10);
    };
    const year = Number(today.slice(0, 4));
    const switchDay = lastSunday(year) < today ? lastSunday(year) : lastSunday(year - 1);
    await page.goto(`${HISTORY}?ansicht=STUENDLICH&tag=${switchDay}`);
    const shown = formatDate(switchDay).slice(0, 6);
    const rows = await tableRows(page);
    // The day before (24 hours) and the switch day (25 hours).
    await expect(rows).toHaveCount(49);
    await expect(
      rows.getByRole('cell', { name: `${shown} 02:00 MESZ`, exact: true }),
    ).toBeVisible();
    await expect(rows.getByRole('cell', { name: `${shown} 02:00 MEZ`, exact: true })).toBeVisible();
    const csv = await csvOf(await downloadCsv(page));
    expect(csv.filter((line) => / 02:00 ME/.test(line))).toEqual([
      expect.stringMatching(
        new RegExp(`^${formatDate(switchDay).replace(/\./g, '\\.')} 02:00 MESZ;`),
      ),
      expect.stringMatching(
        new RegExp(`^${formatDate(switchDay).replace(/\./g, '\\.')} 02:00 MEZ;`),
      ),
    ]);
  });

  test('says so when a range has no data', async ({ loggedIn: page }) => {
    await page.goto(HISTORY);
    await page.getByRole('button', { name: 'Jahresübersicht' }).click();
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: /Vorheriges Jahr/ }).click();
      await expect(page.getByRole('button', { name: 'Neu laden' })).toBeEnabled();
    }
    await expect(
      page.getByText('Für den gewählten Zeitraum liegen keine Daten vor.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'CSV herunterladen' })).toBeDisabled();
  });
});

test('the history by keyboard alone: steps back and forth, modes, reload', async ({ page }) => {
  // A keyboard login and some twenty steps, each waiting for what the customer sees: on a slow
  // CI machine (tests three times slower) it ran out of 30 s at its last steps, not stuck.
  test.setTimeout(60_000);
  const now = new Date();
  const hourly = historyWindow('STUENDLICH', defaultReferenceDay('STUENDLICH', now), now);
  const dayBefore = historyWindow(
    'STUENDLICH',
    addDays(defaultReferenceDay('STUENDLICH', now), -1),
    now,
  );
  const twoDaysBefore = historyWindow(
    'STUENDLICH',
    addDays(defaultReferenceDay('STUENDLICH', now), -2),
    now,
  );
  const range = (window: { fromDay: string; toDay: string }) =>
    page.getByRole('heading', { level: 2, name: rangeText(window.fromDay, window.toDay) });
  await loginByKeyboard(page, '10001');
  // From the landing page through the contracts to the history.
  await activate(page, page.getByRole('link', { name: 'Verträge', exact: true }).first());
  await activate(
    page,
    page.getByRole('link', { name: `Details (Vertrag ${CONTRACTS.maxDynamic})` }),
  );
  await activate(page, page.getByRole('link', { name: 'Verbrauchshistorie' }));
  await expect(page).toHaveURL(HISTORY);
  await expect(range(hourly)).toBeVisible();

  // "<" twice in a row: the focus stays on the button while the next range loads. The range's
  // heading changes at once; the controls answer again once its values are there.
  const previous = page.getByRole('button', { name: /^< Vorheriger Tag/ });
  const next = page.getByRole('button', { name: /^> Nächster Tag/ });
  await tabTo(page, previous);
  await expect(previous).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(range(dayBefore)).toBeVisible();
  await expect(previous).toBeFocused();
  await expect(previous).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(range(twoDaysBefore)).toBeVisible();
  await tabTo(page, next);
  await expect(next).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(range(dayBefore)).toBeVisible();
  await expect(next).toBeFocused();
  await expect(next).toBeEnabled();
  await page.keyboard.press('Space');
  await expect(range(hourly)).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(next).toBeFocused();

  // The modes, backwards from the steps.
  const daily = historyWindow('TAEGLICH', defaultReferenceDay('TAEGLICH', now), now);
  const monthly = historyWindow('MONATLICH', defaultReferenceDay('MONATLICH', now), now);
  const dailyMode = page.getByRole('button', { name: 'Monatsübersicht' });
  const monthlyMode = page.getByRole('button', { name: 'Jahresübersicht' });
  await tabTo(page, dailyMode, { backwards: true });
  await expect(dailyMode).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(dailyMode).toHaveAttribute('aria-pressed', 'true');
  await expect(range(daily)).toBeVisible();
  await expect(dailyMode).toBeFocused();
  await tabTo(page, monthlyMode, { max: 1 });
  await expect(monthlyMode).toBeEnabled();
  await page.keyboard.press('Space');
  await expect(range(monthly)).toBeVisible();
  // The year's heading shows before its values; the controls answer again once they are there.
  const previousYear = page.getByRole('button', { name: /^< Vorheriges Jahr/ });
  await tabTo(page, previousYear);
  await expect(previousYear).toBeEnabled();
  await page.keyboard.press('Enter');
  const year = Number(monthly.fromDay.slice(0, 4)) - 1;
  await expect(range({ fromDay: `${year}-01-01`, toDay: `${year}-12-31` })).toBeVisible();
  const reload = page.getByRole('button', { name: 'Neu laden' });
  await expect(reload).toBeEnabled();

  const requests = historyRequests(page);
  await activate(page, reload);
  await expect.poll(() => requests.length).toBe(1);
  await expect(page.getByRole('button', { name: 'Neu laden' })).toBeFocused();
  await activate(page, page.getByRole('link', { name: 'Zurück' }));
  await expect(page).toHaveURL(`/vertrag/${CONTRACTS.maxDynamic}/detail`);
});

test.describe('price series', () => {
  for (const path of [`/vertrag/${CONTRACTS.maxDynamic}/preiszeitreihe`, '/preiszeitreihe']) {
    test(`${path}: the window of spec §7.2 as chart, table and CSV`, async ({ loggedIn: page }) => {
      const window = priceSeriesWindow(new Date());
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: /Preiszeitreihe/ })).toBeVisible();
      await expect(page.getByText(/Arbeitspreis in Cent\/kWh \(brutto\)/).first()).toBeVisible();
      await expect(page.getByText(/^Jetzt: \d+,\d{2} ct\/kWh \(brutto\)$/)).toBeVisible();
      await expect(page.getByText('Heute am günstigsten')).toBeVisible();
      await expect(page.getByText('Heute am teuersten')).toBeVisible();
      const rows = await tableRows(page);
      await expect(rows.first()).toBeVisible();
      const count = await rows.count();
      expect(count).toBeGreaterThanOrEqual(46);

      const download = await downloadCsv(page);
      expect(download.suggestedFilename()).toBe(
        `preiszeitreihe_${window.fromDay}-${window.toDay}.csv`,
      );
      const lines = await csvOf(download);
      expect(lines[0]).toBe('von;Preis');
      expect(lines).toHaveLength(count + 1);
      expect(lines[1]).toMatch(
        new RegExp(`^${formatDate(window.fromDay).replace(/\./g, '\\.')} 00:00;-?\\d+,\\d+$`),
      );
    });
  }
});

test.describe('consumption screen', () => {
  test('shows the yearly and billed consumption of the dynamic contract', async ({
    loggedIn: page,
  }) => {
    await page.goto(`/vertrag/${CONTRACTS.maxDynamic}/detail`);
    await page.getByRole('link', { name: 'Alle Verbräuche' }).click();
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: `Verbräuche für Vertrag ${CONTRACTS.maxDynamic}`,
      }),
    ).toBeVisible();
    await expect(
      page.getByText(/Die roten Balken zeigen den Verbrauch zwischen zwei/),
    ).toBeVisible();
    await expect(
      page.getByRole('figure', { name: 'Jahresverbrauch je Ablesezeitraum in kWh' }),
    ).toBeVisible();
    await expect(
      page.getByRole('figure', { name: 'Abgerechneter Verbrauch je Jahr in kWh' }),
    ).toBeVisible();
    const table = page.getByRole('table', { name: 'Verbräuche je Ablesezeitraum' });
    await expect(table.locator('tbody tr')).toHaveCount(2);
    await expect(table.locator('tbody tr').first()).toContainText('01.03.2024');
    await expect(table.locator('tbody tr').first()).toContainText('2.655,60 kWh');
  });

  for (const id of [CONTRACTS.maxGas, CONTRACTS.maxDayNight, CONTRACTS.maxEnded]) {
    test(`shows contract ${id}`, async ({ loggedIn: page }) => {
      await page.goto(`/vertrag/${id}/verbrauch`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Verbräuche für Vertrag ${id}` }),
      ).toBeVisible();
      await expect(
        page
          .getByRole('figure', { name: 'Jahresverbrauch je Ablesezeitraum in kWh' })
          .or(
            page
              .getByText('Für diesen Vertrag sind keine Verbräuche in unserem System hinterlegt.')
              .first(),
          ),
      ).toBeVisible();
    });
  }
});
