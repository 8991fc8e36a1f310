import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  addMonths,
  berlinDayOf,
  firstOfMonth,
  berlinIso,
  HistoryAnswerSchema,
  SeriesImportSummarySchema,
  startOfBerlinDay,
  type HistoryPoint,
} from '@kundenportal/contract';
import { buildApp, type App } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { seriesChanges, type SeriesChange } from '../src/db/series-changes';
import {
  backends,
  operatorBearer,
  sessionHeaders,
  startOperatorApp,
  startTestServer,
  type TestServer,
} from './harness';

const HOUR_MS = 3_600_000;
const QUARTER_MS = 900_000;

/** The last Sunday of a month (the DST switch days), YYYY-MM-DD. */
function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  last.setUTCDate(last.getUTCDate() - last.getUTCDay());
  return last.toISOString().slice(0, 10);
}

/** The latest spring and autumn switch days before yesterday. */
function recentSwitchDays(now: Date) {
  const yesterday = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  const year = now.getUTCFullYear();
  const pick = (month: number) =>
    lastSunday(year, month) < yesterday ? lastSunday(year, month) : lastSunday(year - 1, month);
  return { spring: pick(3), autumn: pick(10) };
}

/** The German day's intervals of `step` ms, each with a value. */
function dayRows(day: string, step: number, value: (index: number) => number) {
  const from = startOfBerlinDay(day).getTime();
  const to = startOfBerlinDay(addDays(day, 1)).getTime();
  const rows: { zeitpunkt: string; wert: number }[] = [];
  for (let t = from, index = 0; t < to; t += step, index++)
    rows.push({ zeitpunkt: berlinIso(t), wert: value(index) });
  return rows;
}

/**
 * A day of 24 hours, `daysAgo` days before today or the one before it: the tests below count a
 * day's rows and hours, and a day the clocks change on has 23 or 25.
 */
function ordinaryDay(now: Date, daysAgo: number): string {
  const day = addDays(berlinDayOf(now), -daysAgo);
  return dayRows(day, HOUR_MS, () => 0).length === 24 ? day : addDays(day, -1);
}

const csvOf = (rows: { zeitpunkt: string; wert: number }[], unit = 'kWh') =>
  'Zeitstempel;Wert;Einheit;Status\r\n' +
  rows
    .map((row) => `${row.zeitpunkt};${String(row.wert).replace('.', ',')};${unit};W`)
    .join('\r\n');
const ndjsonOf = (rows: { zeitpunkt: string; wert: number }[]) =>
  rows.map((row) => JSON.stringify(row)).join('\n');

const TYPES = { json: 'application/json', ndjson: 'application/x-ndjson', csv: 'text/csv' };

describe.each(backends)('time-series import on %s', (backend) => {
  let server: TestServer;
  let operator: Awaited<ReturnType<typeof startOperatorApp>>;
  let headers: Awaited<ReturnType<typeof sessionHeaders>>;
  let contract: number;

  const put = (url: string, format: keyof typeof TYPES, payload: string) =>
    operator.inject({
      method: 'PUT',
      url,
      headers: { ...operatorBearer, 'content-type': TYPES[format] },
      payload,
    });
  const putConsumption = (format: keyof typeof TYPES, payload: string, id = contract) =>
    put(`/import/energiemengen/${id}`, format, payload);
  async function hourly(app: App, day: string, days = 1): Promise<HistoryPoint[]> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/vertrag/${contract}/historie?interval=hourly&von=${startOfBerlinDay(day).toISOString()}&bis=${startOfBerlinDay(addDays(day, days)).toISOString()}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    return HistoryAnswerSchema.parse(response.json()).data;
  }
  const averages = async (app: App) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/vertrag/${contract}/aktueller_tarif`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const tariff = response.json<Record<string, number>>();
    return {
      vormonat: tariff.durchschnittlicherArbeitspreisVormonat!,
      gesamt: tariff.durchschnittlicherArbeitspreisGesamt!,
    };
  };
  const stored = async (from: string, to: string) => {
    const result: unknown = await server.db.execute(
      sql`select (extract(epoch from von) * 1000)::float8 as t, verbrauch::float8 as v
            from hourly_consumption
           where contract_id = ${contract} and von >= ${from}::timestamptz and von < ${to}::timestamptz
           order by von`,
    );
    return (result as { rows: { t: number; v: number }[] }).rows.map((row) => [
      Number(row.t),
      Number(row.v),
    ]);
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    operator = await startOperatorApp(server);
    headers = await sessionHeaders(server.app, '10001');
    [contract] = (
      await server.app.inject({ method: 'GET', url: '/api/anschlussnutzer', headers })
    ).json().vertraege;
  });
  afterAll(async () => {
    await operator.close();
    await server.close();
  });

  it('stores the same hours from JSON, NDJSON and CSV', async () => {
    const day = ordinaryDay(server.clock.now, 20);
    const rows = dayRows(day, HOUR_MS, (index) => 0.1 + index / 8);
    const answers = [];
    const contents = [];
    for (const [format, body] of [
      ['json', JSON.stringify(rows)],
      ['ndjson', ndjsonOf(rows)],
      ['csv', csvOf(rows)],
    ] as const) {
      const response = await putConsumption(format, body);
      expect(response.statusCode, response.body).toBe(200);
      answers.push(SeriesImportSummarySchema.parse(response.json()));
      contents.push(
        await stored(
          startOfBerlinDay(day).toISOString(),
          startOfBerlinDay(addDays(day, 1)).toISOString(),
        ),
      );
    }
    expect(contents[0]).toHaveLength(24);
    expect(contents[0]![3]![1]).toBe(0.475);
    expect(contents[1]).toEqual(contents[0]);
    expect(contents[2]).toEqual(contents[0]);
    expect(answers[2]).toMatchObject({
      art: 'energiemengen',
      zeilen: 24,
      aufloesung: 'PT1H',
      von: startOfBerlinDay(day).toISOString(),
      bis: startOfBerlinDay(addDays(day, 1)).toISOString(),
      gespeichert: 24,
      neu: 0,
      ersetzt: 24,
      entfernt: 0,
    });
  });

  it('sums quarter-hours into the 23 and 25 hours of the days the clocks change', async () => {
    const { spring, autumn } = recentSwitchDays(server.clock.now);
    for (const [day, quarters, hours] of [
      [spring, 92, 23],
      [autumn, 100, 25],
    ] as const) {
      const rows = dayRows(day, QUARTER_MS, (index) => (index % 4) + 0.25);
      expect(rows).toHaveLength(quarters);
      const response = await putConsumption('csv', csvOf(rows));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        zeilen: quarters,
        aufloesung: 'PT15M',
        gespeichert: hours,
      });
      const points = await hourly(server.app, day);
      expect(points).toHaveLength(hours);
      // each hour: 0.25 + 1.25 + 2.25 + 3.25
      expect(points.every((point) => point.verbrauch === 7)).toBe(true);
      // the hour twice on the autumn day: 02:00 summer time and 02:00 winter time
      const starts = points.map((point) => berlinIso(Date.parse(point.von)).slice(11));
      if (hours === 25) expect(starts.slice(2, 4)).toEqual(['02:00:00+02:00', '02:00:00+01:00']);
      else expect(starts.slice(1, 3)).toEqual(['01:00:00+01:00', '03:00:00+02:00']);
    }
  });

  it('replaces the period sent again: nothing doubled, hours it no longer has removed', async () => {
    const day = ordinaryDay(server.clock.now, 30);
    const from = startOfBerlinDay(day).toISOString();
    const to = startOfBerlinDay(addDays(day, 1)).toISOString();
    const first = dayRows(day, HOUR_MS, () => 1);
    expect((await putConsumption('json', JSON.stringify(first))).statusCode).toBe(200);
    // again, from 06:00 to 09:59 only, with other values: the rest of the day stays
    const again = first.slice(6, 10).map((row) => ({ ...row, wert: 2.5 }));
    const response = await putConsumption('json', JSON.stringify(again));
    expect(response.json()).toMatchObject({ gespeichert: 4, neu: 0, ersetzt: 4, entfernt: 0 });
    const values = (await stored(from, to)).map(([, value]) => value);
    expect(values).toEqual([1, 1, 1, 1, 1, 1, 2.5, 2.5, 2.5, 2.5, ...Array(14).fill(1)]);
    // a period with a gap: the hour it lacks is gone, not kept from before
    const gap = [first[0]!, first[2]!].map((row) => ({ ...row, wert: 3 }));
    expect((await putConsumption('json', JSON.stringify(gap))).json()).toMatchObject({
      gespeichert: 2,
      ersetzt: 2,
      entfernt: 1,
    });
    expect((await stored(from, to)).slice(0, 3).map(([, value]) => value)).toEqual([3, 3, 1]);
    expect(await stored(from, to)).toHaveLength(23);
  });

  it('shows a changed past month at once, though its hours were answered from memory', async () => {
    const day = ordinaryDay(server.clock.now, 45);
    const before = await hourly(server.app, `${day.slice(0, 8)}01`, 28);
    // the second answer of the same finished month comes from memory
    expect(await hourly(server.app, `${day.slice(0, 8)}01`, 28)).toEqual(before);
    const rows = dayRows(day, HOUR_MS, () => 9.75);
    expect((await putConsumption('ndjson', ndjsonOf(rows))).statusCode).toBe(200);
    const after = await hourly(server.app, day);
    expect(after.map((point) => point.verbrauch)).toEqual(Array(after.length).fill(9.75));
    expect(after.length).toBeGreaterThanOrEqual(23);
  });

  it('replaces quarter-hour exchange prices and their hourly means, and prices the history anew', async () => {
    const day = ordinaryDay(server.clock.now, 50);
    const before = await hourly(server.app, day);
    expect(await hourly(server.app, day)).toEqual(before);
    const priceSeries = async () => {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/vertrag/${contract}/preiszeitreihe?von=${startOfBerlinDay(day).toISOString()}&bis=${startOfBerlinDay(addDays(day, 1)).toISOString()}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ preise: { von: string; preis: number }[] }>().preise;
    };
    // the finished day's price series, the second time from memory
    const pricesBefore = await priceSeries();
    expect(await priceSeries()).toEqual(pricesBefore);
    // EUR/MWh per quarter-hour: the hour's mean is 100 EUR/MWh = 0.1 EUR/kWh
    const rows = dayRows(day, QUARTER_MS, (index) => [70, 90, 110, 130][index % 4]!);
    const response = await put('/import/preise', 'csv', csvOf(rows, 'EUR/MWh'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ art: 'preise', aufloesung: 'PT15M' });
    expect(response.json().gespeichert).toBe(rows.length);
    const result: unknown = await server.db.execute(
      sql`select distinct preis::float8 as preis from hourly_exchange_prices
           where von >= ${startOfBerlinDay(day).toISOString()}::timestamptz
             and von < ${startOfBerlinDay(addDays(day, 1)).toISOString()}::timestamptz`,
    );
    expect((result as { rows: { preis: number }[] }).rows.map((row) => Number(row.preis))).toEqual([
      0.1,
    ]);
    const after = await hourly(server.app, day);
    expect(after.map((point) => point.arbeitspreis)).not.toEqual(
      before.map((point) => point.arbeitspreis),
    );
    // every hour has the same exchange price now: one working price all day
    expect(new Set(after.map((point) => point.arbeitspreis)).size).toBe(1);
    // the quarter-hours' prices anew: four prices repeating, each quarter its own
    const pricesAfter = await priceSeries();
    expect(pricesAfter).toHaveLength(pricesBefore.length);
    expect(pricesAfter).not.toEqual(pricesBefore);
    expect(new Set(pricesAfter.map((point) => point.preis)).size).toBe(4);
  });

  it('prices the dynamic tariff’s averages anew after an import of last month, though kept', async () => {
    const before = await averages(server.app);
    expect(before.vormonat).toBeGreaterThan(0);
    // the second answer's finished days come from memory
    expect(await averages(server.app)).toEqual(before);
    const day = addDays(addMonths(firstOfMonth(berlinDayOf(server.clock.now)), -1), 9);
    const rows = dayRows(day, QUARTER_MS, () => 5_000);
    expect((await put('/import/preise', 'csv', csvOf(rows, 'EUR/MWh'))).statusCode).toBe(200);
    const after = await averages(server.app);
    expect(after.vormonat).toBeGreaterThan(before.vormonat);
    expect(after.gesamt).toBeGreaterThan(before.gesamt);
    // what an instance that never kept anything answers
    const fresh = await buildApp(server.config, server.db);
    try {
      expect(await averages(fresh)).toEqual(after);
    } finally {
      await fresh.close();
    }
  });

  it('replaces only the days a file covers, and refuses a span far longer than its rows', async () => {
    const day = ordinaryDay(server.clock.now, 40);
    const middle = addDays(day, 1);
    const from = startOfBerlinDay(day).toISOString();
    const to = startOfBerlinDay(addDays(day, 3)).toISOString();
    const three = [day, middle, addDays(day, 2)].flatMap((d) => dayRows(d, HOUR_MS, () => 1));
    expect((await putConsumption('json', JSON.stringify(three))).statusCode).toBe(200);
    // the last hours of the first day and the first of the third: the day between stays
    const ends = [...three.slice(22, 24), ...three.slice(-24, -22)].map((row) => ({
      ...row,
      wert: 2,
    }));
    const response = await putConsumption('json', JSON.stringify(ends));
    expect(response.json()).toMatchObject({ gespeichert: 4, ersetzt: 4, entfernt: 0 });
    expect(await stored(from, to)).toHaveLength(three.length);

    // two rows 20 days apart: refused, naming the hours it would have removed
    const far = ordinaryDay(server.clock.now, 80);
    const sparse = [dayRows(far, HOUR_MS, () => 1)[0]!, dayRows(day, HOUR_MS, () => 1)[0]!];
    const refused = await putConsumption('csv', csvOf(sparse));
    expect(refused.statusCode).toBe(400);
    const span = (startOfBerlinDay(day).getTime() - startOfBerlinDay(far).getTime()) / HOUR_MS + 1;
    expect(refused.json().message).toContain(
      `nur 2 von ${span.toLocaleString('de-DE')} Stunden; ${(span - 2).toLocaleString('de-DE')} Stunden ohne Wert würden entfernt`,
    );
    expect(await stored(from, to)).toHaveLength(three.length);
  });

  it('refuses hours before the contract’s delivery and prices after tomorrow', async () => {
    const partitions = async () => {
      const result: unknown = await server.db.execute(
        sql`select count(*)::int as n from pg_class where relname like 'hourly_consumption_19%'`,
      );
      return Number((result as { rows: { n: number }[] }).rows[0]!.n);
    };
    const old = [
      { zeitpunkt: '1990-01-01T00:00:00+01:00', wert: 1 },
      { zeitpunkt: '1990-01-01T01:00:00+01:00', wert: 1 },
    ];
    const response = await putConsumption('csv', csvOf(old));
    expect(response.statusCode).toBe(400);
    expect(response.json().felder['zeile 2.zeitpunkt']).toMatch(
      /^Zeile 2: Der Zeitpunkt liegt vor dem Lieferbeginn des Vertrags \(\d\d\.\d\d\.\d{4}\)\.$/,
    );
    expect(await partitions()).toBe(0);

    const inThreeDays = dayRows(addDays(berlinDayOf(server.clock.now), 3), HOUR_MS, () => 50);
    const prices = await put('/import/preise', 'json', JSON.stringify(inThreeDays.slice(0, 2)));
    expect(prices.statusCode).toBe(400);
    expect(prices.json().felder['zeile 1.zeitpunkt']).toBe(
      'Zeile 1: Der Zeitpunkt liegt nach dem morgigen Tag.',
    );
  });

  it('refuses a body larger than a month of quarter-hours needs, before storing anything', async () => {
    const line = `${berlinIso(startOfBerlinDay(ordinaryDay(server.clock.now, 90)).getTime())};1,0;kWh;W`;
    const body = 'Zeitstempel;Wert;Einheit;Status\r\n' + `${line}\r\n`.repeat(130_000);
    const response = await putConsumption('csv', body);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(
      'Die gesendeten Daten sind zu groß (höchstens 4 MB je Aufruf; größere Zeiträume bitte aufteilen).',
    );
  });

  it('refuses bad rows with their line numbers and writes nothing', async () => {
    const day = ordinaryDay(server.clock.now, 60);
    const from = startOfBerlinDay(day).toISOString();
    const to = startOfBerlinDay(addDays(day, 1)).toISOString();
    const before = await stored(from, to);
    const rows = dayRows(day, QUARTER_MS, () => 0.5);
    const lines = csvOf(rows).split('\r\n');
    lines[3] = lines[3]!.replace(/\+0\d:00/, ''); // local time, no offset
    lines[10] = lines[10]!.replace(';0,5;', ';0.5;'); // a decimal point
    lines[12] = lines[12]!.replace(';0,5;', ';-1;'); // negative consumption
    lines.push(lines[20]!); // an instant twice
    const response = await putConsumption('csv', lines.join('\r\n'));
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; felder: Record<string, string> }>();
    expect(body.message).toMatch(
      /^4 Zeilen wurden abgelehnt \(von 97\); nichts wurde gespeichert\. Zeile 4: /,
    );
    expect(Object.keys(body.felder)).toEqual([
      'zeile 4.zeitpunkt',
      'zeile 11.wert',
      'zeile 13.wert',
      'zeile 98.zeitpunkt',
    ]);
    expect(body.felder['zeile 4.zeitpunkt']).toContain('keine Zeitzonenangabe');
    expect(body.felder['zeile 11.wert']).toContain('Dezimalkomma');
    expect(body.felder['zeile 13.wert']).toBe('Zeile 13: Der Verbrauch darf nicht negativ sein.');
    expect(body.felder['zeile 98.zeitpunkt']).toBe(
      'Zeile 98: Der Zeitpunkt kommt schon in Zeile 21 vor.',
    );
    expect(await stored(from, to)).toEqual(before);

    // an hour without its four quarters, a future hour, an unknown contract, a bad body
    const incomplete = await putConsumption('json', JSON.stringify(rows.slice(1, 8)));
    expect(incomplete.json().message).toContain('ist unvollständig: 3 von 4 Viertelstunden');
    const future = dayRows(addDays(berlinDayOf(server.clock.now), 1), HOUR_MS, () => 1);
    expect((await putConsumption('json', JSON.stringify(future))).json().felder).toHaveProperty(
      ['zeile 1.zeitpunkt'],
      'Zeile 1: Der Zeitpunkt liegt in der Zukunft: ein Verbrauch kann erst nach seinem Zeitraum gemessen sein.',
    );
    const unknown = await putConsumption('json', '[]', 999_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Der Vertrag 999999999 ist nicht bekannt.');
    const empty = await putConsumption('json', '[]');
    expect(empty.json()).toEqual({ message: 'Die Daten enthalten keine Werte.' });
    const xml = await operator.inject({
      method: 'PUT',
      url: `/import/energiemengen/${contract}`,
      headers: { ...operatorBearer, 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toMatch(/nicht unterstützten Format/);
    const badKey = await putConsumption('json', '[]', 'V-1' as unknown as number);
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().felder).toEqual({
      vertragsnummer: 'Die Vertragsnummer besteht aus höchstens 9 Ziffern.',
    });
    expect(await stored(from, to)).toEqual(before);
  });

  it.runIf(backend === 'postgres')(
    'clears the month on another instance too, through LISTEN/NOTIFY',
    async () => {
      // a second instance on the same database: its own pool, memory and listener
      const url = (server.db as unknown as { $client: { options: { connectionString: string } } })
        .$client.options.connectionString;
      const other: DatabaseHandle = openDatabase({ url });
      const otherApp = await buildApp(server.config, other.db);
      try {
        const heard: SeriesChange[] = [];
        let resolveHeard: (() => void) | undefined;
        const stop = seriesChanges(other.db).subscribe((change) => {
          heard.push(change);
          if (change.art === 'verbrauch') resolveHeard?.();
        });
        const day = ordinaryDay(server.clock.now, 75);
        const month = `${day.slice(0, 8)}01`;
        await hourly(otherApp, month, 28);
        await hourly(otherApp, month, 28); // kept in the other instance's memory
        const tariffBefore = await averages(otherApp); // its finished sums, kept there too
        const notified = new Promise<void>((resolve) => (resolveHeard = resolve));
        const rows = dayRows(day, HOUR_MS, () => 4.5);
        expect((await putConsumption('json', JSON.stringify(rows))).statusCode).toBe(200);
        await notified;
        expect(heard.at(-1)).toMatchObject({ art: 'verbrauch', contractId: contract });
        const after = await hourly(otherApp, day);
        expect(after.map((point) => point.verbrauch)).toEqual(Array(after.length).fill(4.5));
        const tariffAfter = await averages(otherApp);
        expect(tariffAfter.gesamt).not.toBe(tariffBefore.gesamt);
        expect(tariffAfter).toEqual(await averages(server.app));
        await stop();
      } finally {
        await otherApp.close();
        await other.close();
      }
    },
  );
});
