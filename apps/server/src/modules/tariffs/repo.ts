import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exchangePrices, hourlyConsumption, tariffs } from '../../db/schema/index';
import { at } from '../../db/sql';

export type TariffRow = typeof tariffs.$inferSelect;

export function listTariffs(executor: Executor, contractId: number) {
  return executor
    .select()
    .from(tariffs)
    .where(eq(tariffs.contractId, contractId))
    .orderBy(asc(tariffs.gueltigVon));
}

/** Consumption-weighted average exchange price (EUR/kWh, net) of a contract's hours in [from, to). */
export async function averageExchangePrice(
  executor: Executor,
  contractId: number,
  from: Date,
  to: Date,
) {
  const [row] = await executor
    .select({
      average: sql<
        string | null
      >`sum(${hourlyConsumption.verbrauch} * ${exchangePrices.preis}) / nullif(sum(${hourlyConsumption.verbrauch}), 0)`,
    })
    .from(hourlyConsumption)
    .innerJoin(exchangePrices, eq(exchangePrices.von, hourlyConsumption.von))
    .where(
      and(
        eq(hourlyConsumption.contractId, contractId),
        sql`${hourlyConsumption.von} >= ${at(from)}`,
        sql`${hourlyConsumption.von} < ${at(to)}`,
      ),
    );
  return row?.average == null ? null : Number(row.average);
}
