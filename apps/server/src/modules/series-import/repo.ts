import { sql } from 'drizzle-orm';
import { berlinDayOf } from '@kundenportal/contract';
import type { Executor } from '../../db/client';
import { refreshHourlyPrices } from '../../db/hourly-prices';
import { ensureHourlyPartitions } from '../../db/partitions';
import { at } from '../../db/sql';

/**
 * Rows per INSERT: the values travel as two array parameters (unnest), not as a statement of
 * placeholders, so that a chunk is one parse and one plan however long it is (profiled against
 * 1,000-row VALUES lists: docs/performance.md, "Time-series import").
 */
const CHUNK_ROWS = 50_000;

async function rowsOf<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Whole seconds since 1970 and numbers as PostgreSQL array literals (text, one parameter each). */
const secondsArray = (instants: ArrayLike<number>, from: number, to: number) => {
  const parts: string[] = [];
  for (let index = from; index < to; index++) parts.push(String(instants[index]! / 1000));
  return `{${parts.join(',')}}`;
};
const numbersArray = (values: ArrayLike<number>, from: number, to: number) => {
  const parts: string[] = [];
  for (let index = from; index < to; index++) parts.push(String(values[index]!));
  return `{${parts.join(',')}}`;
};

/** The contract's delivery period (German days, either open), or undefined if there is none. */
export async function deliveryPeriod(
  executor: Executor,
  contractId: number,
): Promise<{ lieferbeginn: string | null; lieferende: string | null } | undefined> {
  const rows = await rowsOf<{ lieferbeginn: string | null; lieferende: string | null }>(
    executor,
    sql`select lieferbeginn::text as lieferbeginn, lieferende::text as lieferende
          from contracts where id = ${contractId}`,
  );
  return rows[0];
}

/** The German days the instants fall on, as a PostgreSQL date array literal. */
function daysArray(instants: Float64Array): string {
  const days = new Set<string>();
  for (const instant of instants) days.add(berlinDayOf(new Date(instant)));
  return `{${[...days].join(',')}}`;
}

/** Only the German days the file has values on are replaced, never the days between them. */
const onDays = (instants: Float64Array) =>
  sql`and (von at time zone 'Europe/Berlin')::date = any(${daysArray(instants)}::date[])`;

/** The deleted rows' instants (ms since 1970), read back from `delete … returning von`. */
const instantsOf = (rows: { t: number | string }[]) => rows.map((row) => Number(row.t));

/**
 * Replaces the contract's hourly consumption in [from, to) by the given hours (sorted, in
 * [from, to)); answers the hours there were before. Creates the months' partitions first.
 */
export async function replaceConsumption(
  executor: Executor,
  contractId: number,
  span: { from: Date; to: Date },
  instants: Float64Array,
  values: Float64Array,
): Promise<number[]> {
  // a partition only for the months that get values, not for every month between them
  const months = new Set<string>();
  for (const instant of instants) {
    const month = berlinDayOf(new Date(instant)).slice(0, 7);
    if (months.has(month)) continue;
    months.add(month);
    await ensureHourlyPartitions(executor, new Date(instant), new Date(instant));
  }
  const deleted = await rowsOf<{ t: number | string }>(
    executor,
    sql`delete from hourly_consumption
         where contract_id = ${contractId} and von >= ${at(span.from)} and von < ${at(span.to)}
               ${onDays(instants)}
        returning (extract(epoch from von) * 1000)::float8 as t`,
  );
  for (let start = 0; start < instants.length; start += CHUNK_ROWS) {
    const end = Math.min(start + CHUNK_ROWS, instants.length);
    await executor.execute(sql`
      insert into hourly_consumption (contract_id, von, verbrauch)
      select ${contractId}::integer, to_timestamp(s), v
        from unnest(${secondsArray(instants, start, end)}::float8[],
                    ${numbersArray(values, start, end)}::numeric[]) as u(s, v)`);
  }
  return instantsOf(deleted);
}

/**
 * Replaces the exchange prices (EUR/kWh) in [from, to) by the given intervals and recomputes
 * the hourly means of those hours; answers the intervals there were before.
 */
export async function replacePrices(
  executor: Executor,
  span: { from: Date; to: Date },
  instants: Float64Array,
  values: Float64Array,
): Promise<number[]> {
  const deleted = await rowsOf<{ t: number | string }>(
    executor,
    sql`delete from exchange_prices where von >= ${at(span.from)} and von < ${at(span.to)}
               ${onDays(instants)}
        returning (extract(epoch from von) * 1000)::float8 as t`,
  );
  for (let start = 0; start < instants.length; start += CHUNK_ROWS) {
    const end = Math.min(start + CHUNK_ROWS, instants.length);
    await executor.execute(sql`
      insert into exchange_prices (von, preis)
      select to_timestamp(s), p
        from unnest(${secondsArray(instants, start, end)}::float8[],
                    ${numbersArray(values, start, end)}::numeric[]) as u(s, p)`);
  }
  await executor.execute(
    sql`delete from hourly_exchange_prices where von >= ${at(span.from)} and von < ${at(span.to)}`,
  );
  await refreshHourlyPrices(executor, span.from, span.to);
  return instantsOf(deleted);
}
