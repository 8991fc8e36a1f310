import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  dynamicWorkingPrice,
  round,
  startOfBerlinDay,
  vatFactor,
} from '@kundenportal/contract';
import { refreshHourlyPrices } from '../src/db/hourly-prices';
import { ensureHourlyPartitions } from '../src/db/partitions';
import * as t from '../src/db/schema/index';
import { hourlyHistory, type TariffPeriod } from '../src/modules/history/repo';
import { backends, startTestServer, type TestServer } from './harness';

const HOUR_MS = 3_600_000;
/** A spring switch day (23 hours) long before the demo's data, so that the rows are ours alone. */
const DAY = '2021-03-28';
const MARKUP = 0.0213;
const FIXED_PRICE = 0.312;

/**
 * The price rule "(exchange + markup) × VAT" is written twice: in SQL for the histories
 * (modules/history/repo.ts) and in TypeScript in the contract (energy-rules.ts). Both must give
 * the same hours to the cent.
 */
describe.each(backends)('the SQL price rule agrees with the contract on %s', (backend) => {
  let server: TestServer;
  let contractId: number;
  const from = startOfBerlinDay(DAY);
  const to = startOfBerlinDay(addDays(DAY, 1));
  const switchToFixed = new Date(from.getTime() + 12 * HOUR_MS);
  const hours = Array.from({ length: (to.getTime() - from.getTime()) / HOUR_MS }, (_, i) => ({
    von: new Date(from.getTime() + i * HOUR_MS),
    // Some hours below zero, as on the real market; prices at the exchange's 6 decimals.
    preis: round((((i * 37) % 23) - 5) / 97, 6),
    verbrauch: round(0.1 + ((i * 13) % 17) / 7, 4),
  }));
  const periods: TariffPeriod[] = [
    { start: from, end: switchToFixed, dynamisch: true, aufschlag: MARKUP, arbeitspreis: null },
    {
      start: switchToFixed,
      end: null,
      dynamisch: false,
      aufschlag: null,
      arbeitspreis: FIXED_PRICE,
    },
  ];

  beforeAll(async () => {
    server = await startTestServer(backend);
    const [contract] = await server.db.select({ id: t.contracts.id }).from(t.contracts).limit(1);
    contractId = contract!.id;
    await ensureHourlyPartitions(server.db, from, to);
    await server.db
      .insert(t.exchangePrices)
      .values(hours.map(({ von, preis }) => ({ von, preis })));
    await refreshHourlyPrices(server.db, from, to);
    await server.db
      .insert(t.hourlyConsumption)
      .values(hours.map(({ von, verbrauch }) => ({ contractId, von, verbrauch })));
  });
  afterAll(async () => {
    await server.db.execute(
      sql`delete from hourly_consumption where contract_id = ${contractId} and von < ${to.toISOString()}::timestamptz and von >= ${from.toISOString()}::timestamptz`,
    );
    await server.close();
  });

  it.each([
    ['gross (households)', true],
    ['net (business customers)', false],
  ])('prices every hour the same, %s', async (_label, gross) => {
    const fromSql = await hourlyHistory(server.db, {
      contractId,
      from,
      to,
      periods,
      vat: vatFactor(gross),
    });
    expect(fromSql).toHaveLength(23);
    let sqlCosts = 0;
    let tsCosts = 0;
    fromSql.forEach(([start, verbrauch, preis, kosten], i) => {
      const hour = hours[i]!;
      expect(start).toBe(hour.von.getTime());
      expect(verbrauch).toBe(hour.verbrauch);
      const price =
        hour.von < switchToFixed ? dynamicWorkingPrice(hour.preis, MARKUP, gross) : FIXED_PRICE;
      expect(round(preis, 6)).toBe(round(price, 6));
      expect(round(kosten, 2)).toBe(round(hour.verbrauch * price, 2));
      sqlCosts += kosten!;
      tsCosts += hour.verbrauch * price;
    });
    expect(round(sqlCosts, 2)).toBe(round(tsCosts, 2));
  });
});
