import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ensureHourlyPartitions } from '../db/partitions';
import { refreshHourlyPrices } from '../db/hourly-prices';
import * as t from '../db/schema/index';
import { at } from '../db/sql';
import {
  demoWindow,
  exchangePrice,
  hours,
  householdConsumption,
  priceIntervals,
  QUARTER_HOURS_SINCE,
  startOfHour,
} from './energy-series';
import { MAX_CONTRACTS } from './max-mustermann-contracts';

const HOUR_MS = 3_600_000;
const QUARTER_MS = 900_000;
const DAY_MS = 86_400_000;
/** Months of partitions kept ready ahead of today. */
const PARTITION_MONTHS_AHEAD = 2;

/** On each start, demo or not: the months ahead get their partitions. */
export async function preparePartitionsAhead(db: Database, now = new Date()) {
  await ensureHourlyPartitions(
    db,
    now,
    new Date(now.getTime() + PARTITION_MONTHS_AHEAD * 31 * DAY_MS),
  );
}

/**
 * On each start of a demo portal: the demo series continue up to now (consumption to the last
 * full hour, prices to the end of tomorrow), so that a server that runs for weeks still shows
 * today. It invents values for every recent series, so it never runs on a supplier's data
 * (DEMO_DATA, DESIGN 19).
 */
export async function topUpDemoSeries(db: Database, now = new Date()) {
  await preparePartitionsAhead(db, now);
  const yearlyKwh = MAX_CONTRACTS.find((spec) => spec.stundenwerteTage)?.jahresverbrauchKwh ?? 3000;
  await db.transaction(async (tx) => {
    const [prices] = await tx
      .select({
        last: sql<
          string | null
        >`to_char(max(${t.exchangePrices.von}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      })
      .from(t.exchangePrices);
    if (prices?.last) {
      const last = new Date(prices.last);
      const next = new Date(last.getTime() + (last >= QUARTER_HOURS_SINCE ? QUARTER_MS : HOUR_MS));
      const until = demoWindow(now, 0).pricesUntil;
      const rows = [...priceIntervals(next, until)].map((von) => ({
        von,
        preis: exchangePrice(von),
      }));
      for (let i = 0; i < rows.length; i += 1000)
        await tx
          .insert(t.exchangePrices)
          .values(rows.slice(i, i + 1000))
          .onConflictDoNothing();
      // the hour of the last stored interval may have been incomplete
      await refreshHourlyPrices(tx, new Date(last.getTime() - HOUR_MS), until);
    }
    const series = await tx
      .select({
        contractId: t.hourlyConsumption.contractId,
        last: sql<string>`to_char(max(${t.hourlyConsumption.von}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      })
      .from(t.hourlyConsumption)
      .where(sql`${t.hourlyConsumption.von} > ${at(new Date(now.getTime() - 400 * DAY_MS))}`)
      .groupBy(t.hourlyConsumption.contractId);
    for (const { contractId, last } of series) {
      const from = new Date(Date.parse(last) + HOUR_MS);
      const to = startOfHour(now);
      if (from >= to) continue;
      await ensureHourlyPartitions(tx, from, to);
      const rows = [...hours(from, to)].map((von) => ({
        contractId,
        von,
        verbrauch: householdConsumption(von, yearlyKwh),
      }));
      for (let i = 0; i < rows.length; i += 1000)
        await tx
          .insert(t.hourlyConsumption)
          .values(rows.slice(i, i + 1000))
          .onConflictDoNothing();
    }
  });
}
