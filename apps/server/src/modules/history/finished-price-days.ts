import { LRUCache } from 'lru-cache';
import { addDays, berlinDayOf, startOfBerlinDay } from '@kundenportal/contract';
import type { SeriesChange } from '../../db/series-changes';
import type { TariffPeriod } from './repo';

export interface PricePoint {
  von: string;
  preis: number;
}

export interface PricedDays {
  contractId: number;
  periods: TariffPeriod[];
  vat: number;
  from: Date;
  to: Date;
}

/** About 2,000 contract-days of quarter-hour prices, some 10 MB. */
const FINISHED_PRICE_DAYS_MAX = 2_000;

/**
 * The price series of German days that are over, per contract, tariff periods and VAT: only the
 * operator's import rewrites an exchange price of the past, and it tells every instance
 * (db/series-changes.ts), whose `forget` drops the days it touched; otherwise a day computed once
 * is the same for every later call. Days not yet over, and parts of days, are read each time.
 */
export function createFinishedPriceDays(max = FINISHED_PRICE_DAYS_MAX) {
  const kept = new LRUCache<string, PricePoint[]>({ max });
  let served = 0;
  /** Counts the price changes heard, so that a read that raced one is not kept. */
  let changes = 0;

  return {
    async read(
      window: PricedDays,
      now: Date,
      load: (from: Date, to: Date) => Promise<PricePoint[]>,
    ): Promise<PricePoint[]> {
      const today = startOfBerlinDay(berlinDayOf(now));
      const points: PricePoint[] = [];
      let start = window.from;
      while (start < window.to) {
        const day = berlinDayOf(start);
        const next = startOfBerlinDay(addDays(day, 1));
        const end = next < window.to ? next : window.to;
        const wholeFinishedDay =
          start.getTime() === startOfBerlinDay(day).getTime() &&
          end.getTime() === next.getTime() &&
          end <= today;
        if (!wholeFinishedDay) {
          points.push(...(await load(start, end)));
        } else {
          const key = `${window.contractId}|${day}|${window.vat}|${JSON.stringify(window.periods)}`;
          let dayPoints = kept.get(key);
          if (dayPoints) served++;
          else {
            const mark = changes;
            dayPoints = await load(start, end);
            if (mark === changes) kept.set(key, dayPoints);
          }
          points.push(...dayPoints);
        }
        start = end;
      }
      return points;
    },
    /** Drops the kept days a change of the exchange prices touches (consumption prices none). */
    forget(change: SeriesChange) {
      if (change.art === 'verbrauch') return;
      changes++;
      for (const key of [...kept.keys()]) {
        const day = key.split('|')[1]!;
        const from = startOfBerlinDay(day).getTime();
        const to = startOfBerlinDay(addDays(day, 1)).getTime();
        if (change.art === 'alles' || (change.from < to && change.to > from)) kept.delete(key);
      }
    },
    /** Days answered from memory so far (tests). */
    servedFromMemory: () => served,
  };
}

export type FinishedPriceDays = ReturnType<typeof createFinishedPriceDays>;
