/**
 * Reads that compute much are bounded: the price series to what a screen asks for, kept in
 * memory for the days that are over; the holidays to the years a date picker needs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, berlinDayOf, startOfBerlinDay } from '@kundenportal/contract';
import { findContractOfCustomer } from '../src/modules/contracts/repo';
import { createKeptPriceDays } from '../src/modules/history/kept-price-days';
import { createHistoryService } from '../src/modules/history/service';
import { expectGermanError } from './german-messages';
import { backends, sessionHeaders, startTestServer, type TestServer } from './harness';

describe.each(backends)('heavy reads on %s', (backend) => {
  let server: TestServer;
  let headers: Awaited<ReturnType<typeof sessionHeaders>>;
  let dynamic: number;
  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result: unknown = await server.db.execute(query);
    return (result as { rows: T[] }).rows;
  };
  beforeAll(async () => {
    server = await startTestServer(backend);
    headers = await sessionHeaders(server.app, '10001');
    const found = await rows<{ id: number }>(
      sql`select c.id from contracts c join tariffs t on t.contract_id = c.id
           join customers k on k.id = c.customer_id
          where k.kundennummer = '10001' and t.tariftyp = 'DYNAMISCHER_PREIS' limit 1`,
    );
    dynamic = Number(found[0]!.id);
  });
  afterAll(() => server.close());

  const iso = (day: string) => startOfBerlinDay(day).toISOString();
  const today = () => berlinDayOf(server.clock.now);
  const get = (url: string) => server.app.inject({ method: 'GET', url, headers });

  it('refuses a price series longer than three days with a German 400 on both routes', async () => {
    const from = addDays(today(), -10);
    for (const path of ['/api/preiszeitreihe', `/api/vertrag/${dynamic}/preiszeitreihe`]) {
      const tooLong = await get(`${path}?von=${iso(from)}&bis=${iso(addDays(from, 4))}`);
      expect(tooLong.statusCode).toBe(400);
      expectGermanError(tooLong.json());
      expect(tooLong.json().felder.bis).toBe(
        'Die Preiszeitreihe kann für höchstens 3 Tage auf einmal abgefragt werden.',
      );
      const allowed = await get(`${path}?von=${iso(from)}&bis=${iso(addDays(from, 3))}`);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().preise.length).toBeGreaterThanOrEqual(3 * 24);
    }
  });

  it('answers the days it read once from memory exactly as the database does', async () => {
    const [owner] = await rows<{ customerId: number }>(
      sql`select customer_id as "customerId" from contracts where id = ${dynamic}`,
    );
    const contract = (await findContractOfCustomer(server.db, owner!.customerId, dynamic))!;
    const kept = createKeptPriceDays();
    const remembering = createHistoryService(server.db, server.config, undefined, kept);
    const windows = [
      [iso(addDays(today(), -5)), iso(addDays(today(), -2))],
      // from 10:30 two days ago to tomorrow: parts of days and a day not over yet
      [
        new Date(startOfBerlinDay(addDays(today(), -2)).getTime() + 10.5 * 3_600_000).toISOString(),
        iso(addDays(today(), 1)),
      ],
    ] as const;
    for (const [from, to] of windows) {
      const [von, bis] = [new Date(from), new Date(to)];
      const fresh = createHistoryService(
        server.db,
        server.config,
        undefined,
        createKeptPriceDays(),
      );
      const expected = await fresh.prices(contract, { von, bis });
      expect(await remembering.prices(contract, { von, bis })).toEqual(expected);
      expect(await remembering.prices(contract, { von, bis })).toEqual(expected);
      expect(expected.preise.length).toBeGreaterThan(24);
    }
    // The first window's three days in its second call; in the second's, the day cut at 10:30,
    // yesterday and today, which is not over.
    expect(kept.servedFromMemory()).toBe(3 + 3);
    // A change of the prices, say the import of a corrected day: read again, and kept again.
    const [von, bis] = windows[1].map((instant) => new Date(instant));
    remembering.forget({ art: 'preise', from: von!.getTime(), to: bis!.getTime() });
    expect(await remembering.prices(contract, { von: von!, bis: bis! })).toEqual(
      await createHistoryService(server.db, server.config).prices(contract, {
        von: von!,
        bis: bis!,
      }),
    );
    expect(kept.servedFromMemory()).toBe(3 + 3);
  });

  it('computes holidays only for the years near today, and lets caches keep them', async () => {
    const year = Number(today().slice(0, 4));
    const ok = await server.app.inject({
      method: 'GET',
      url: `/api/feiertage?years=${year},${year + 1}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('public, max-age=86400');
    for (const years of [
      `${year - 2}`,
      `${year + 3}`,
      '1900',
      `${year},${year},${year},${year},${year}`,
    ]) {
      const refused = await server.app.inject({
        method: 'GET',
        url: `/api/feiertage?years=${years}`,
      });
      expect(refused.statusCode).toBe(400);
      expectGermanError(refused.json());
      expect(refused.headers['cache-control']).toBe('no-store');
    }
  });
});
