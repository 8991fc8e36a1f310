import { round } from '@kundenportal/contract';
import type { Executor } from '../db/client';
import type { SeriesChange } from '../db/series-changes';
import type { SeriesImportService } from '../modules/series-import/service';
import {
  exchangePrice,
  hours,
  householdConsumption,
  priceIntervals,
  QUARTER_HOURS_SINCE,
} from './energy-series';

/**
 * The demo's series go through the series import as a supplier's do (so that the
 * import covers whatever the screens show), as records, not as text to be parsed again.
 */

/** A household's hours in [from, to) as a contract's consumption. */
export async function storeDemoConsumption(
  tx: Executor,
  series: SeriesImportService,
  contractId: number,
  span: { from: Date; to: Date },
  yearlyKwh: number,
): Promise<SeriesChange[]> {
  const instants: number[] = [];
  const values: number[] = [];
  for (const von of hours(span.from, span.to)) {
    instants.push(von.getTime());
    values.push(householdConsumption(von, yearlyKwh));
  }
  if (instants.length === 0) return [];
  return [await series.storeConsumption(tx, contractId, { instants, values })];
}

/**
 * Exchange prices in [from, to): the hours before the market traded quarter-hours and the
 * quarter-hours since, in one import each (the import takes whole hours of one resolution).
 */
export async function storeDemoPrices(
  tx: Executor,
  series: SeriesImportService,
  span: { from: Date; to: Date },
): Promise<SeriesChange[]> {
  const parts = [
    { from: span.from, to: new Date(Math.min(span.to.getTime(), QUARTER_HOURS_SINCE.getTime())) },
    {
      from: new Date(Math.max(span.from.getTime(), QUARTER_HOURS_SINCE.getTime())),
      to: span.to,
    },
  ];
  const changes: SeriesChange[] = [];
  for (const part of parts) {
    const instants: number[] = [];
    const values: number[] = [];
    for (const von of priceIntervals(part.from, part.to)) {
      instants.push(von.getTime());
      values.push(round(exchangePrice(von) * 1000, 3)); // EUR/kWh → EUR/MWh, as suppliers send
    }
    if (instants.length > 0) changes.push(await series.storePrices(tx, { instants, values }));
  }
  return changes;
}
