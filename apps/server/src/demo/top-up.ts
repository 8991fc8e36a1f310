import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ensureHourlyPartitions } from '../db/partitions';
import * as t from '../db/schema/index';
import { seriesChanges, type SeriesChange } from '../db/series-changes';
import { at } from '../db/sql';
import { createSeriesImportService } from '../modules/series-import/service';
import { demoWindow, QUARTER_HOURS_SINCE, startOfHour } from './energy-series';
import { MAX_CONTRACTS } from './max-mustermann-contracts';
import { storeDemoConsumption, storeDemoPrices } from './series';

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
 * (DEMO_DATA, docs/decisions/011-demo-data-only-embedded.md). The values go through the series import, as the seed's do.
 */
export async function topUpDemoSeries(db: Database, now = new Date()) {
  await preparePartitionsAhead(db, now);
  const yearlyKwh = MAX_CONTRACTS.find((spec) => spec.stundenwerteTage)?.jahresverbrauchKwh ?? 3000;
  const series = createSeriesImportService(db, { now: () => now });
  const changes = await db.transaction(async (tx) => {
    const stored: SeriesChange[] = [];
    const [prices] = await tx
      .select({
        last: sql<
          string | null
        >`to_char(max(${t.exchangePrices.von}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      })
      .from(t.exchangePrices);
    if (prices?.last) {
      const last = Date.parse(prices.last);
      const next = last + (last >= QUARTER_HOURS_SINCE.getTime() ? QUARTER_MS : HOUR_MS);
      // from the hour of the next interval on: the import takes whole hours only
      const from = new Date(Math.floor(next / HOUR_MS) * HOUR_MS);
      const until = demoWindow(now, 0).pricesUntil;
      if (next < until.getTime())
        stored.push(...(await storeDemoPrices(tx, series, { from, to: until })));
    }
    const recent = await tx
      .select({
        contractId: t.hourlyConsumption.contractId,
        last: sql<string>`to_char(max(${t.hourlyConsumption.von}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      })
      .from(t.hourlyConsumption)
      .where(sql`${t.hourlyConsumption.von} > ${at(new Date(now.getTime() - 400 * DAY_MS))}`)
      .groupBy(t.hourlyConsumption.contractId);
    for (const { contractId, last } of recent) {
      const span = { from: new Date(Date.parse(last) + HOUR_MS), to: startOfHour(now) };
      stored.push(...(await storeDemoConsumption(tx, series, contractId, span, yearlyKwh)));
    }
    return stored;
  });
  // a running server (the tests') may keep the months just completed
  const bus = seriesChanges(db);
  for (const change of changes) bus.published(change);
}
