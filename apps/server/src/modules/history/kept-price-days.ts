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
const KEPT_PRICE_DAYS_MAX = 2_000;

/**
 * The price series of German days, per contract, tariff periods and VAT, read whole once and
 * then cut to each window. Exchange prices are written only by the operator's import and the
 * demo data's top-up, and both tell every instance (db/series-changes.ts), whose `forget` drops
 * the days they touched: so a day is the same for every call until then, today and tomorrow
 * too, whose prices arrive later (a read that raced a change is not kept). Reading only the
 * days that were over kept the screen's window, which always reaches into today and tomorrow,
 * at one query per call (measured).
 */
export function createKeptPriceDays(max = KEPT_PRICE_DAYS_MAX) {
  const kept = new LRUCache<string, PricePoint[]>({ max });
  let served = 0;
  /** Counts the price changes heard, so that a read that raced one is not kept. */
  let changes = 0;

  return {
    async read(
      window: PricedDays,
      load: (from: Date, to: Date) => Promise<PricePoint[]>,
    ): Promise<PricePoint[]> {
      const points: PricePoint[] = [];
      let start = window.from;
      while (start < window.to) {
        const day = berlinDayOf(start);
        const dayStart = startOfBerlinDay(day);
        const next = startOfBerlinDay(addDays(day, 1));
        const end = next < window.to ? next : window.to;
        const key = `${window.contractId}|${day}|${window.vat}|${JSON.stringify(window.periods)}`;
        let dayPoints = kept.get(key);
        if (dayPoints) served++;
        else {
          const mark = changes;
          dayPoints = await load(dayStart, next);
          if (mark === changes) kept.set(key, dayPoints);
        }
        const whole = start.getTime() === dayStart.getTime() && end.getTime() === next.getTime();
        if (whole) points.push(...dayPoints);
        else {
          const [from, to] = [start.toISOString(), end.toISOString()];
          points.push(...dayPoints.filter(({ von }) => von >= from && von < to));
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

export type KeptPriceDays = ReturnType<typeof createKeptPriceDays>;
