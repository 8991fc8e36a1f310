import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { at } from '../../db/sql';

/** Rows of `execute` on both drivers (node-postgres and PGlite answer { rows }). */
async function rowsOf<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: T[] }).rows;
}

/** A tariff's validity as instants: from its first German day to the start of the day after its last. */
export interface TariffPeriod {
  start: Date;
  end: Date | null;
  dynamisch: boolean;
  aufschlag: number | null;
  arbeitspreis: number | null;
}

/** The periods as a small table (start, ende, dyn, aufschlag, fest) for the price joins. */
function periodsTable(periods: TariffPeriod[]) {
  if (periods.length === 0)
    return sql`select null::timestamptz as start, null::timestamptz as ende, false as dyn,
                      null::numeric as aufschlag, null::numeric as fest where false`;
  const rows = periods.map(
    (period) =>
      sql`(${at(period.start)}, ${period.end ? at(period.end) : sql`'infinity'::timestamptz`},
           ${period.dynamisch}::boolean, ${period.aufschlag}::numeric, ${period.arbeitspreis}::numeric)`,
  );
  return sql`select * from (values ${sql.join(rows, sql`, `)}) as v(start, ende, dyn, aufschlag, fest)`;
}

/**
 * The contract's price per interval of `table` (an exchange price series), EUR/kWh: a dynamic
 * tariff is the exchange price plus its markup, times `vat` (spec §6); a fixed tariff its
 * working price. The tariff is the one valid at the interval's start. The contract's
 * `dynamicWorkingPrice` in SQL, `vat` being its `vatFactor`: test/price-rule.test.ts holds the
 * two to the cent.
 */
function tariffPrices(
  table: 'exchange_prices' | 'hourly_exchange_prices',
  periods: TariffPeriod[],
  from: Date,
  to: Date,
  vat: number,
) {
  return sql`
    select p.von,
           case when t.dyn then (p.preis + coalesce(t.aufschlag, 0)) * ${vat}::numeric
                else t.fest end as preis
      from ${sql.identifier(table)} p
      join (${periodsTable(periods)}) t on p.von >= t.start and p.von < t.ende
     where p.von >= ${at(from)} and p.von < ${at(to)}`;
}

/** Does the contract have metered hourly consumption at all? */
export async function hasMeteredData(executor: Executor, contractId: number): Promise<boolean> {
  const rows = await rowsOf<{ found: number }>(
    executor,
    sql`select 1 as found from hourly_consumption where contract_id = ${contractId} limit 1`,
  );
  return rows.length > 0;
}

export interface BucketRow {
  bucket: number | null;
  verbrauch: string | null;
  arbeitspreis: string | null;
  kosten: string | null;
}

/**
 * Consumption, price and costs per hour (hours() and hourlyHistory()), or per bucket between the
 * given boundaries (German day or month starts, computed by the caller), summed by the database. The smallest interval
 * is the metered hour: its price is the hourly exchange price (the mean of its quarter-hours,
 * which a metered hour spreads evenly over), its costs consumption × price. Buckets sum
 * consumption and costs; their price is costs / consumption of the priced hours. An hour without
 * consumption keeps its price (tomorrow's) with null consumption and costs; an hour or bucket
 * without any data is not listed.
 */
/** A contract's hours in [from, to), priced with its tariff periods (× vat for gross prices). */
export interface PricedWindow {
  contractId: number;
  from: Date;
  to: Date;
  periods: TariffPeriod[];
  vat: number;
}

function hours({ contractId, from, to, periods, vat }: PricedWindow) {
  return sql`
    select coalesce(c.von, hp.von) as von, c.verbrauch, hp.preis, c.verbrauch * hp.preis as kosten
      from (select von, verbrauch from hourly_consumption
             where contract_id = ${contractId} and von >= ${at(from)} and von < ${at(to)}) c
      full join (${tariffPrices('hourly_exchange_prices', periods, from, to, vat)}) hp
        on hp.von = c.von`;
}

/** An hour: its start in ms since 1970, consumption, price and costs (null where missing). */
export type HourTuple = [number, number | null, number | null, number | null];

/**
 * The hours in [from, to) as one JSON array from the database: a year is 8,760 hours, and the
 * embedded database answers one value many times faster than as many rows (profiled).
 */
export async function hourlyHistory(
  executor: Executor,
  window: PricedWindow,
): Promise<HourTuple[]> {
  const [row] = await rowsOf<{ hours: string }>(
    executor,
    sql`select coalesce(json_agg(json_build_array(
                 (extract(epoch from von) * 1000)::bigint, verbrauch, preis, kosten) order by von),
               '[]')::text as hours
          from (${hours(window)}) h`,
  );
  return JSON.parse(row?.hours ?? '[]') as HourTuple[];
}

export async function history(
  executor: Executor,
  window: PricedWindow,
  boundaries: Date[],
): Promise<BucketRow[]> {
  const thresholds = sql`array[${sql.join(
    boundaries.map((boundary) => at(boundary)),
    sql`, `,
  )}]::timestamptz[]`;
  return rowsOf<BucketRow>(
    executor,
    sql`select width_bucket(von, ${thresholds}) as bucket,
               sum(verbrauch)::text as verbrauch,
               coalesce(sum(kosten) / nullif(sum(case when preis is not null then verbrauch end), 0),
                        avg(preis))::text as arbeitspreis,
               sum(kosten)::text as kosten
          from (${hours(window)}) h
         group by 1 order by 1`,
  );
}

/** The contract's tariff price per exchange interval in [from, to). */
export async function priceSeries(
  executor: Executor,
  periods: TariffPeriod[],
  from: Date,
  to: Date,
  vat: number,
): Promise<{ von: Date | string; preis: string | null }[]> {
  return rowsOf(
    executor,
    sql`select von, preis::text as preis
          from (${tariffPrices('exchange_prices', periods, from, to, vat)}) s
         where preis is not null order by von`,
  );
}

/** kWh metered in [from, to). */
export async function meteredSum(executor: Executor, contractId: number, from: Date, to: Date) {
  const rows = await rowsOf<{ summe: string | null }>(
    executor,
    sql`select sum(verbrauch)::text as summe from hourly_consumption
         where contract_id = ${contractId} and von >= ${at(from)} and von < ${at(to)}`,
  );
  return rows[0]?.summe == null ? null : Number(rows[0].summe);
}

/** The customer's contracts that have a dynamic tariff, the one valid latest first. */
export async function dynamicContractIds(executor: Executor, customerId: number) {
  const rows = await rowsOf<{ id: number }>(
    executor,
    sql`select c.id from contracts c join tariffs t on t.contract_id = c.id
         where c.customer_id = ${customerId} and t.tariftyp = 'DYNAMISCHER_PREIS'
         group by c.id
         order by max(coalesce(t.gueltig_bis, 'infinity'::date)) desc, c.id`,
  );
  return rows.map((row) => Number(row.id));
}
