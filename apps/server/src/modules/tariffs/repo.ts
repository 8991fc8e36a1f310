import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  exchangePrices,
  hourlyConsumption,
  hourlyExchangePrices,
  tariffs,
} from '../../db/schema/index';
import { at } from '../../db/sql';
import type { PricedConsumption } from './finished-sums';

export type TariffRow = typeof tariffs.$inferSelect;

export function listTariffs(executor: Executor, contractId: number) {
  return executor
    .select()
    .from(tariffs)
    .where(eq(tariffs.contractId, contractId))
    .orderBy(asc(tariffs.gueltigVon));
}

/**
 * Σ consumption × exchange price (EUR, net) and Σ consumption (kWh) of a contract's hours in
 * [from, to), hours with a price only. An hour's price is the mean of its quarter-hours (a
 * metered hour spreads evenly over them).
 */
export async function pricedConsumption(
  executor: Executor,
  contractId: number,
  from: Date,
  to: Date,
): Promise<PricedConsumption> {
  const result: unknown = await executor.execute(sql`
    select coalesce(sum(c.verbrauch * p.preis), 0)::text as kosten,
           coalesce(sum(c.verbrauch), 0)::text as verbrauch
      from ${hourlyConsumption} c
      join ${hourlyExchangePrices} p on p.von = c.von
     where c.contract_id = ${contractId} and c.von >= ${at(from)} and c.von < ${at(to)}`);
  const [row] = (result as { rows: { kosten: string; verbrauch: string }[] }).rows;
  return { kosten: Number(row?.kosten ?? 0), verbrauch: Number(row?.verbrauch ?? 0) };
}

/** The market's longest interval: an hour before 2025-10-01, a quarter-hour since. */
const LONGEST_EXCHANGE_INTERVAL_MS = 60 * 60_000;

/** The exchange interval running at `now` (EUR/kWh, net), if the market has priced it. */
export async function exchangePriceAt(executor: Executor, now: Date) {
  const [price] = await executor
    .select({ von: exchangePrices.von, preis: exchangePrices.preis })
    .from(exchangePrices)
    .where(
      and(
        lte(exchangePrices.von, now),
        gt(exchangePrices.von, new Date(now.getTime() - LONGEST_EXCHANGE_INTERVAL_MS)),
      ),
    )
    .orderBy(desc(exchangePrices.von))
    .limit(1);
  return price;
}
