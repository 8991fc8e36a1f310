import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  exchangePrices,
  hourlyConsumption,
  hourlyExchangePrices,
  tariffs,
} from '../../db/schema/index';
import { at } from '../../db/sql';

export type TariffRow = typeof tariffs.$inferSelect;

export function listTariffs(executor: Executor, contractId: number) {
  return executor
    .select()
    .from(tariffs)
    .where(eq(tariffs.contractId, contractId))
    .orderBy(asc(tariffs.gueltigVon));
}

/**
 * Consumption-weighted average exchange price (EUR/kWh, net) of a contract's hours in [from, to).
 * An hour's price is the mean of its quarter-hours (a metered hour spreads evenly over them).
 */
export async function averageExchangePrice(
  executor: Executor,
  contractId: number,
  from: Date,
  to: Date,
) {
  const result: unknown = await executor.execute(sql`
    select (sum(c.verbrauch * p.preis) / nullif(sum(c.verbrauch), 0))::text as average
      from ${hourlyConsumption} c
      join ${hourlyExchangePrices} p on p.von = c.von
     where c.contract_id = ${contractId} and c.von >= ${at(from)} and c.von < ${at(to)}`);
  const [row] = (result as { rows: { average: string | null }[] }).rows;
  return row?.average == null ? null : Number(row.average);
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
