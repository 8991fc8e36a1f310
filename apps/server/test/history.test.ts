import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  addDays,
  berlinDayOf,
  HistoryAnswerSchema,
  HistoryQueryMessages,
  startOfBerlinDay,
  type HistoryPoint,
} from '@kundenportal/contract';
import { topUpDemoSeries } from '../src/demo/top-up';
import { wholeText } from '../src/lib/prebuilt-json';
import { findContractOfCustomer } from '../src/modules/contracts/repo';
import { createFinishedMonths } from '../src/modules/history/finished-months';
import { createHistoryService } from '../src/modules/history/service';
import * as t from '../src/db/schema/index';
import {
  backends,
  operatorBearer,
  sessionHeaders,
  startOperatorApp,
  startTestServer,
  type TestServer,
} from './harness';

type Headers = Awaited<ReturnType<typeof sessionHeaders>>;

/** The last Sunday of a month (the DST switch days), YYYY-MM-DD. */
function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  last.setUTCDate(last.getUTCDate() - last.getUTCDay());
  return last.toISOString().slice(0, 10);
}

/** The latest spring and autumn switch days that lie before yesterday. */
function recentSwitchDays(now: Date) {
  const yesterday = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  const year = now.getUTCFullYear();
  const pick = (month: number) =>
    lastSunday(year, month) < yesterday ? lastSunday(year, month) : lastSunday(year - 1, month);
  return { spring: pick(3), autumn: pick(10) };
}

const sum = (values: (number | null)[]) => values.reduce<number>((a, b) => a + (b ?? 0), 0);

describe.each(backends)('consumption history and price series on %s', (backend) => {
  let server: TestServer;
  let max: Headers;
  let baeckerei: Headers;
  let dynamic: number;
  let gas: number;

  const get = (url: string, headers: Headers & Record<string, string> = max) =>
    server.app.inject({ method: 'GET', url, headers });
  const history = async (from: string, to: string, interval: string) => {
    const response = await get(
      `/api/vertrag/${dynamic}/historie?von=${startOfBerlinDay(from).toISOString()}&bis=${startOfBerlinDay(to).toISOString()}&interval=${interval}`,
    );
    expect(response.statusCode).toBe(200);
    return response.json().data as HistoryPoint[];
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    max = await sessionHeaders(server.app, '10001');
    baeckerei = await sessionHeaders(server.app, '10002');
    [dynamic, gas] = (await get('/api/anschlussnutzer')).json().vertraege;
  });
  afterAll(() => server.close());

  it('has 23 and 25 hourly points on the days the clocks change, 24 otherwise', async () => {
    const { spring, autumn } = recentSwitchDays(server.clock.now);
    expect(await history(spring, addDays(spring, 1), 'hourly')).toHaveLength(23);
    expect(await history(autumn, addDays(autumn, 1), 'hourly')).toHaveLength(25);
    expect(await history(addDays(autumn, 1), addDays(autumn, 2), 'hourly')).toHaveLength(24);
    const days = await history(autumn, addDays(autumn, 2), 'daily');
    expect(days.map((day) => day.von)).toEqual([
      startOfBerlinDay(autumn).toISOString(),
      startOfBerlinDay(addDays(autumn, 1)).toISOString(),
    ]);
    expect(days[0]!.bis).toBe(startOfBerlinDay(addDays(autumn, 1)).toISOString());
  });

  it('sums hours into days and days into months, kWh and costs to the cent', async () => {
    const { autumn } = recentSwitchDays(server.clock.now);
    const first = `${autumn.slice(0, 7)}-01`;
    const next = addDays(`${autumn.slice(0, 7)}-28`, 5).slice(0, 7) + '-01';
    const hours = await history(first, next, 'hourly');
    const days = await history(first, next, 'daily');
    const months = await history(first, next, 'monthly');
    expect(days).toHaveLength(31);
    expect(months).toHaveLength(1);
    for (const day of days) {
      const own = hours.filter((hour) => hour.von >= day.von && hour.von < day.bis);
      expect(own.length).toBeGreaterThanOrEqual(23);
      expect(Math.abs(sum(own.map((hour) => hour.verbrauch)) - day.verbrauch!)).toBeLessThan(
        0.00005,
      );
      expect(Math.abs(sum(own.map((hour) => hour.kosten)) - day.kosten!)).toBeLessThan(0.005);
      expect(day.arbeitspreis).toBeCloseTo(day.kosten! / day.verbrauch!, 5);
    }
    const month = months[0]!;
    expect(Math.abs(sum(days.map((day) => day.verbrauch)) - month.verbrauch!)).toBeLessThan(
      0.00005,
    );
    expect(Math.abs(sum(days.map((day) => day.kosten)) - month.kosten!)).toBeLessThan(0.005);
    for (const hour of hours) {
      expect(hour.kosten).toBeCloseTo(hour.verbrauch! * hour.arbeitspreis!, 5);
      // Gross prices of a household's dynamic tariff: (exchange price + markup) × 1.19.
      expect(hour.arbeitspreis!).toBeGreaterThan(0.05);
    }
  });

  it('answers the hours of finished months from memory exactly as the database does', async () => {
    const [owner] = await rows<{ customerId: number }>(
      sql`select customer_id as "customerId" from contracts where id = ${dynamic}`,
    );
    const contract = (await findContractOfCustomer(server.db, owner!.customerId, dynamic))!;
    const kept = createFinishedMonths();
    let fromMemory = 0;
    const counted = {
      ...kept,
      read: (...args: Parameters<typeof kept.read>) => {
        const text = kept.read(...args);
        if (text !== undefined) fromMemory++;
        return text;
      },
    };
    const remembering = createHistoryService(server.db, server.config, counted);
    // a bound no month fits in: every answer comes from the database
    const reading = createHistoryService(server.db, server.config, createFinishedMonths(1));
    const today = berlinDayOf(server.clock.now);
    const at = (day: string, hours = 0) =>
      new Date(startOfBerlinDay(day).getTime() + hours * 3_600_000);
    const windows: [Date, Date][] = [
      [at(addDays(today, -365)), at(today)],
      [at(addDays(today, -200), 10.5), at(addDays(today, -150), 3)],
      [at(`${addDays(today, -60).slice(0, 7)}-01`), at(addDays(today, 2))],
      [at(addDays(today, -100), 5), at(addDays(today, -99), 1.25)],
    ];
    for (const [von, bis] of [...windows, ...windows]) {
      const query = { von, bis, interval: 'hourly' } as const;
      expect(
        await wholeText(await remembering.history(contract, query)),
        `${von.toISOString()} – ${bis.toISOString()}`,
      ).toBe(await wholeText(await reading.history(contract, query)));
    }
    expect(fromMemory).toBeGreaterThanOrEqual(11 + 2 + 1 + 1);
  });

  it('sends bytes that the contract’s HistoryAnswerSchema reads unchanged, at each interval', async () => {
    const today = berlinDayOf(server.clock.now);
    // From the start of a finished month into today: kept and freshly read hours in one answer.
    const from = startOfBerlinDay(`${addDays(today, -45).slice(0, 7)}-01`).toISOString();
    const to = startOfBerlinDay(today).toISOString();
    for (const interval of ['hourly', 'daily', 'monthly'] as const) {
      const response = await get(
        `/api/vertrag/${dynamic}/historie?von=${from}&bis=${to}&interval=${interval}`,
      );
      expect(response.statusCode, interval).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const sent: unknown = JSON.parse(response.rawPayload.toString('utf8'));
      // Equal after parsing: no field missing, none of another type, none the schema lacks.
      const answer = HistoryAnswerSchema.parse(sent);
      expect(answer, interval).toEqual(sent);
      expect(answer.data.length, interval).toBeGreaterThan(interval === 'monthly' ? 1 : 28);
    }
    const none = await get(`/api/vertrag/${gas}/historie?interval=hourly`);
    expect(HistoryAnswerSchema.parse(none.json())).toEqual({ data: [] });
  });

  it('sends an hourly year gzipped, its whole months compressed once, as the same text', async () => {
    const today = berlinDayOf(server.clock.now);
    const von = startOfBerlinDay(addDays(today, -365)).toISOString();
    const bis = startOfBerlinDay(addDays(today, 1)).toISOString();
    const url = `/api/vertrag/${dynamic}/historie?von=${von}&bis=${bis}&interval=hourly`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The second time its months come from memory, deflated then; a client without gzip gets text.
    for (const time of ['first', 'kept'])
      for (const accepted of ['br, gzip', 'gzip;q=0.5, br', '*']) {
        const zipped = await get(url, { ...max, 'accept-encoding': accepted });
        expect(zipped.headers['content-encoding'], `${time}, ${accepted}`).toBe('gzip');
        expect(zipped.headers.vary).toContain('accept-encoding');
        expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
        expect(zipped.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 5);
      }
    for (const refused of [{ 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip;q=0, br' }]) {
      const answer = await get(url, { ...max, ...refused });
      expect(answer.headers['content-encoding']).toBe('br');
    }
    const asked = await get(url, { ...max, 'accept-encoding': 'gzip', 'x-no-compression': '1' });
    expect(asked.body).toBe(plain.body);
  });

  it('shows tomorrow’s prices without consumption as null, not 0', async () => {
    // Tomorrow in Germany: at 23:30 UTC in summer, UTC's tomorrow is Berlin's today, half metered.
    const tomorrow = berlinDayOf(server.clock.now, 1);
    const points = await history(tomorrow, addDays(tomorrow, 1), 'hourly');
    expect(points.length).toBeGreaterThanOrEqual(23);
    for (const point of points) {
      expect(point.verbrauch).toBeNull();
      expect(point.kosten).toBeNull();
      expect(point.arbeitspreis).not.toBeNull();
    }
  });

  it('answers an empty list for a contract without metered hours', async () => {
    const response = await get(`/api/vertrag/${gas}/historie?interval=daily`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it('refuses bad input with German messages', async () => {
    const base = `/api/vertrag/${dynamic}/historie`;
    const cases: [string, RegExp][] = [
      [`${base}?von=2026-02-01T00:00:00Z&bis=2026-01-01T00:00:00Z`, /Beginn \(von\) muss vor/],
      [`${base}?von=2024-01-01T00:00:00Z&bis=2025-06-01T00:00:00Z&interval=hourly`, /400 Tage/],
      [`${base}?interval=weekly`, /Intervall/],
      [`${base}?von=gestern`, /Beginn \(von\)/],
      [`${base}?bis=2026-13-45T00:00:00Z`, /Ende \(bis\)/],
      [`/api/preiszeitreihe?von=kaputt`, /Beginn \(von\)/],
    ];
    for (const [url, message] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });

  it('refuses a day the calendar lacks on every route that takes a point in time', async () => {
    const von = HistoryQueryMessages.von;
    for (const path of [
      `/api/vertrag/${dynamic}/historie`,
      `/api/vertrag/${dynamic}/preiszeitreihe`,
      '/api/preiszeitreihe',
    ]) {
      // 30 February would otherwise be read as 2 March.
      const response = await get(`${path}?von=2026-02-30T00:00:00Z&bis=2026-03-03T00:00:00Z`);
      expect(response.statusCode, path).toBe(400);
      expect(response.json(), path).toEqual({ message: von, felder: { von } });
    }
    const bis = await get(
      `/api/vertrag/${dynamic}/historie?interval=daily&bis=2025-02-29T00:00:00Z`,
    );
    expect(bis.json()).toEqual({
      message: HistoryQueryMessages.bis,
      felder: { bis: HistoryQueryMessages.bis },
    });
    const interval = await get(`/api/vertrag/${dynamic}/historie?interval=weekly`);
    expect(interval.json().felder).toEqual({ interval: HistoryQueryMessages.interval });
  });

  it('reads a point in time with its offset as the web and other clients send it', async () => {
    const base = `/api/vertrag/${dynamic}/historie?interval=daily`;
    const utc = await get(`${base}&von=2026-01-01T00:00:00.000Z&bis=2026-01-03T00:00:00.000Z`);
    // "+" encoded, as URLSearchParams writes it; unencoded, a query string reads it as a space.
    const offset = await get(
      `${base}&von=2026-01-01T01:00:00%2B01:00&bis=2026-01-03T01:00:00%2B01:00`,
    );
    expect(utc.statusCode).toBe(200);
    expect(offset.statusCode).toBe(200);
    expect(offset.json()).toEqual(utc.json());
  });

  it('answers 404 for a foreign contract', async () => {
    for (const path of ['historie', 'preiszeitreihe', 'verbraeuche']) {
      const response = await get(`/api/vertrag/${dynamic}/${path}`, baeckerei);
      expect(response.statusCode).toBe(404);
    }
  });

  it('answers the price series of the customer’s dynamic tariff, gross for a household', async () => {
    const response = await get('/api/preiszeitreihe');
    expect(response.statusCode).toBe(200);
    const { brutto, preise } = response.json<{
      brutto: boolean;
      preise: { von: string; preis: number }[];
    }>();
    // a household sees gross prices; business-rules.test.ts shows a business customer net
    expect(brutto).toBe(true);
    expect(preise.length).toBeGreaterThanOrEqual(46);
    const same = (await get(`/api/vertrag/${dynamic}/preiszeitreihe`)).json();
    expect(same.preise).toEqual(preise);
    // the fixed-price business customer has no dynamic tariff
    expect((await get('/api/preiszeitreihe', baeckerei)).statusCode).toBe(404);
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result: unknown = await server.db.execute(query);
    return (result as { rows: T[] }).rows;
  };

  it('prices an hour with the mean of its quarter-hours, gross with the markup', async () => {
    const yesterday = addDays(berlinDayOf(server.clock.now), -1);
    const points = await history(yesterday, addDays(yesterday, 1), 'hourly');
    // the tariff valid on that day: the markup changes with the tariff
    const [tariff] = await rows<{ aufschlag: string }>(
      sql`select aufschlag from tariffs
           where contract_id = ${dynamic} and tariftyp = 'DYNAMISCHER_PREIS'
             and gueltig_von <= ${yesterday}::date
             and (gueltig_bis is null or gueltig_bis >= ${yesterday}::date)`,
    );
    for (const hour of [points[3]!, points[12]!, points[19]!]) {
      const quarters = await rows<{ preis: string }>(
        sql`select preis from exchange_prices
             where von >= ${hour.von}::timestamptz and von < ${hour.bis}::timestamptz`,
      );
      expect(quarters).toHaveLength(4);
      const mean = quarters.reduce((a, q) => a + Number(q.preis), 0) / 4;
      const expected = (mean + Number(tariff!.aufschlag)) * 1.19;
      expect(hour.arbeitspreis).toBeCloseTo(expected, 6);
      expect(hour.kosten).toBeCloseTo(hour.verbrauch! * expected, 6);
    }
  });

  it('prices with an imported markup at the next call, though what prices an hour is kept', async () => {
    const operator = await startOperatorApp(server);
    const tariffs = await server.db
      .select()
      .from(t.tariffs)
      .where(eq(t.tariffs.contractId, dynamic))
      .orderBy(t.tariffs.id);
    const sheet = (extra: number) => ({
      vertragsnummer: dynamic,
      tarife: tariffs.map(({ id: _id, contractId: _contract, istDynamisch: _d, ...tariff }) => ({
        ...tariff,
        aufschlag: tariff.aufschlag === null ? null : tariff.aufschlag + extra,
      })),
    });
    const importSheet = async (extra: number) => {
      const response = await operator.inject({
        method: 'PUT',
        url: '/import/preisblaetter',
        headers: { ...operatorBearer, 'content-type': 'application/json' },
        payload: JSON.stringify([sheet(extra)]),
      });
      expect(response.statusCode).toBe(200);
    };
    const prices = async () =>
      (await get(`/api/vertrag/${dynamic}/preiszeitreihe`)).json<{
        preise: { preis: number }[];
      }>().preise;
    const yesterday = addDays(berlinDayOf(server.clock.now), -1);
    const hours = () => history(yesterday, addDays(yesterday, 1), 'hourly');
    try {
      const [pricesBefore, hoursBefore] = [await prices(), await hours()];
      await importSheet(0.01);
      const [pricesAfter, hoursAfter] = [await prices(), await hours()];
      // one cent net more on each kWh, gross for a household
      pricesAfter.forEach((price, index) =>
        expect(price.preis - pricesBefore[index]!.preis).toBeCloseTo(0.0119, 5),
      );
      hoursAfter.forEach((hour, index) =>
        expect(hour.arbeitspreis! - hoursBefore[index]!.arbeitspreis!).toBeCloseTo(0.0119, 5),
      );
    } finally {
      await importSheet(0);
      await operator.close();
    }
  });

  it('keeps the hourly consumption in monthly partitions', async () => {
    const partitions = await rows<{ name: string }>(
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
           where i.inhparent = 'hourly_consumption'::regclass order by 1`,
    );
    expect(partitions.length).toBeGreaterThanOrEqual(14);
    expect(partitions.map((p) => p.name)).toContain(
      `hourly_consumption_${berlinDayOf(server.clock.now).slice(0, 7).replace('-', '_')}`,
    );
  });

  it('forecasts the running year for the latest consumption period', async () => {
    const periods = (await get(`/api/vertrag/${dynamic}/verbraeuche`)).json();
    const latest = periods.at(-1);
    expect(latest.prognose).toBeGreaterThan(1000);
    expect(latest.summeJahr).toBeGreaterThan(1000);
    expect(periods[0].prognose).toBeNull();
  });

  it('tops the demo series up to the last full hour and the end of tomorrow', async () => {
    const later = new Date(server.clock.now.getTime() + 3 * 86_400_000 + 1_800_000);
    await topUpDemoSeries(server.db, later);
    const [last] = await rows<{ consumption: string; prices: string }>(
      sql`select (select max(von) from hourly_consumption where contract_id = ${dynamic})::text
                   as consumption,
                 (select max(von) from exchange_prices)::text as prices`,
    );
    const lastFullHour = Math.floor(later.getTime() / 3_600_000) * 3_600_000 - 3_600_000;
    expect(new Date(last!.consumption.replace(' ', 'T').replace(/\+00$/, 'Z')).getTime()).toBe(
      lastFullHour,
    );
    const endOfTomorrow = startOfBerlinDay(addDays(berlinDayOf(later), 2)).getTime();
    expect(new Date(last!.prices.replace(' ', 'T').replace(/\+00$/, 'Z')).getTime()).toBe(
      endOfTomorrow - 900_000,
    );
  });
});
