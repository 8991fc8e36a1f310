import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { at } from '../../db/sql';

export type HistoryInterval = 'hourly' | 'daily' | 'monthly';

export interface HistoryRow {
  von: Date | string;
  bis: Date | string;
  verbrauch: string | null;
  arbeitspreis: string | null;
  kosten: string | null;
}

/** Rows of `execute` on both drivers (node-postgres and PGlite answer { rows }). */
async function rowsOf<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * The price of the contract's tariff for each exchange interval (quarter-hours since the
 * market's switch, hours before), EUR/kWh: a dynamic tariff is the exchange price plus its
 * markup, gross when `vat` > 1 (spec §6); a fixed tariff its working price. The tariff is the
 * one valid on the German day of the interval (gueltigBis is inclusive).
 */
function tariffPrices(contractId: number, from: Date, to: Date, vat: number) {
  return sql`
    select p.von,
           case when t.tariftyp = 'DYNAMISCHER_PREIS'
                then (p.preis + coalesce(t.aufschlag, 0)) * ${vat}::numeric
                else t.arbeitspreis end as preis
      from exchange_prices p
      join tariffs t
        on t.contract_id = ${contractId}
       and (p.von at time zone 'Europe/Berlin')::date
           between coalesce(t.gueltig_von, '-infinity'::date) and coalesce(t.gueltig_bis, 'infinity'::date)
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

/**
 * Consumption, price and costs per hour, day or month (German days and months), computed by
 * the database. The smallest interval is the metered hour: its price is the mean of its
 * exchange intervals weighted by consumption (a metered hour spreads evenly over its quarters),
 * its costs consumption × price. Longer intervals sum consumption and costs; their price is
 * costs / consumption. An hour without consumption keeps its price (tomorrow's prices) with
 * null consumption and costs; an interval without any data is not listed.
 */
export async function history(
  executor: Executor,
  contractId: number,
  from: Date,
  to: Date,
  interval: HistoryInterval,
  vat: number,
): Promise<HistoryRow[]> {
  const unit = interval === 'hourly' ? 'hour' : interval === 'daily' ? 'day' : 'month';
  const step = interval === 'hourly' ? '1 hour' : interval === 'daily' ? '1 day' : '1 month';
  const query = sql`
    with prices as (${tariffPrices(contractId, from, to, vat)}),
    price_hours as (
      select date_trunc('hour', von) as von, avg(preis) as preis
        from prices group by 1
    ),
    hours as (
      select coalesce(c.von, ph.von) as von,
             c.verbrauch,
             ph.preis,
             c.verbrauch * ph.preis as kosten
        from (select von, verbrauch from hourly_consumption
               where contract_id = ${contractId} and von >= ${at(from)} and von < ${at(to)}) c
        full join price_hours ph on ph.von = c.von
    ),
    buckets as (
      select date_trunc(${unit}, von at time zone 'Europe/Berlin') as lokal,
             sum(verbrauch) as verbrauch,
             sum(case when preis is not null then verbrauch end) as verbrauch_bepreist,
             sum(kosten) as kosten,
             avg(preis) as preis_mittel,
             ${interval === 'hourly' ? sql`min(von)` : sql`null::timestamptz`} as stunde
        from hours
       group by 1${interval === 'hourly' ? sql`, von` : sql``}
    )
    select ${
      interval === 'hourly'
        ? sql`stunde as von, stunde + interval '1 hour' as bis`
        : sql`greatest(lokal at time zone 'Europe/Berlin', ${at(from)}) as von,
              least((lokal + ${step}::interval) at time zone 'Europe/Berlin', ${at(to)}) as bis`
    },
           verbrauch::text as verbrauch,
           coalesce(kosten / nullif(verbrauch_bepreist, 0), preis_mittel)::text as arbeitspreis,
           kosten::text as kosten
      from buckets
     order by 1`;
  return rowsOf<HistoryRow>(executor, query);
}

/** The contract's tariff price per exchange interval in [from, to). */
export async function priceSeries(
  executor: Executor,
  contractId: number,
  from: Date,
  to: Date,
  vat: number,
): Promise<{ von: Date | string; preis: string | null }[]> {
  return rowsOf(
    executor,
    sql`select von, preis::text as preis from (${tariffPrices(contractId, from, to, vat)}) s
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
