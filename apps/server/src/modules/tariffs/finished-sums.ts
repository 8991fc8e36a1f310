import { LRUCache } from 'lru-cache';
import { berlinDayOf, startOfBerlinDay } from '@kundenportal/contract';
import type { SeriesChange } from '../../db/series-changes';

/** Σ consumption × exchange price (EUR) and Σ consumption (kWh) of a contract's hours. */
export interface PricedConsumption {
  kosten: number;
  verbrauch: number;
}

/** Two windows a dynamic contract: some 100 bytes each. */
const FINISHED_SUMS_MAX = 50_000;

const add = (a: PricedConsumption, b: PricedConsumption): PricedConsumption => ({
  kosten: a.kosten + b.kosten,
  verbrauch: a.verbrauch + b.verbrauch,
});

/**
 * The sums behind a dynamic tariff's average prices, for the days of a window that are over:
 * a year of hours was read and multiplied on every GET aktueller_tarif (30 ms, one query at a
 * time on the embedded database). Only the operator's import rewrites the past, and it tells
 * every instance (db/series-changes.ts), whose `forget` drops what it touched; today's hours are
 * read each time.
 */
export function createFinishedSums(max = FINISHED_SUMS_MAX) {
  const kept = new LRUCache<string, PricedConsumption>({ max });
  /** Counts the changes heard, so that a read that raced one is not kept. */
  let changes = 0;
  let served = 0;

  return {
    async read(
      contractId: number,
      from: Date,
      to: Date,
      now: Date,
      load: (from: Date, to: Date) => Promise<PricedConsumption>,
    ): Promise<PricedConsumption> {
      const today = startOfBerlinDay(berlinDayOf(now));
      const finishedTo = to < today ? to : today;
      if (from >= finishedTo) return load(from, to);
      const key = `${contractId}|${from.getTime()}|${finishedTo.getTime()}`;
      let finished = kept.get(key);
      if (finished) served++;
      else {
        const mark = changes;
        finished = await load(from, finishedTo);
        if (mark === changes) kept.set(key, finished);
      }
      return finishedTo < to ? add(finished, await load(finishedTo, to)) : finished;
    },
    /** A contract's consumption changed: its sums go; the exchange prices changed: all go. */
    forget(change: SeriesChange) {
      changes++;
      if (change.art !== 'verbrauch') {
        kept.clear();
        return;
      }
      for (const key of [...kept.keys()])
        if (key.startsWith(`${change.contractId}|`)) kept.delete(key);
    },
    /** Windows answered from memory so far (tests). */
    servedFromMemory: () => served,
  };
}

export type FinishedSums = ReturnType<typeof createFinishedSums>;
