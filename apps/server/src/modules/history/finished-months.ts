import { berlinStartOfDay, berlinStartOfMonth } from '@kundenportal/contract';
import { LRUCache } from 'lru-cache';
import type { SeriesChange } from '../../db/series-changes';
import { deflatePiece, inflatePiece, type DeflatedPiece } from '../../lib/gzip-member';
import type { HourTuple, PricedWindow } from './repo';

const HOUR_MS = 3_600_000;
/**
 * About 110 contract-years of hourly answers: a year's text is 1.2 MB, deflated some 150 kB
 * (measured: 650 months of 50 contracts held 8.1 MB).
 * Kept as text, the bound held 25 years, fewer than the customers who look at once: read in
 * turns, each year was gone before its next read (measured, 50 customers).
 */
const FINISHED_MONTHS_MAX_BYTES = 16 * 1024 * 1024;

/** A span of time, [from, to). */
export interface Span {
  from: Date;
  to: Date;
}

const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/** A part of a window, and the finished days of its month it lies in, if it lies in them. */
export interface Part extends Span {
  /**
   * The days of the part's month that are over, from the month's first: the whole month once it
   * has ended, up to today while it runs; undefined for a part in today or after.
   */
  finishedDays: Span | undefined;
}

/**
 * The window cut at the starts of German months and at the start of today, in order: each part
 * lies in the days of one month that are over, or in today and after. The German calendar is
 * worked out here once per month of the window (it was a sixth of a year's answer, profiled).
 */
export function windowParts(from: Date, to: Date, now: Date): Part[] {
  const today = berlinStartOfDay(now);
  const parts: Part[] = [];
  let start = from;
  while (start.getTime() < to.getTime()) {
    const month = berlinStartOfMonth(start);
    const nextMonth = berlinStartOfMonth(start, 1);
    const beforeToday = start.getTime() < today.getTime();
    const end = earlier(beforeToday ? earlier(nextMonth, today) : nextMonth, to);
    const finishedDays = beforeToday ? { from: month, to: earlier(nextMonth, today) } : undefined;
    parts.push({ from: start, to: end, finishedDays });
    start = end;
  }
  return parts;
}

/** Kept days: their hours' texts joined by commas, deflated, and where each hour's text begins. */
interface KeptDays {
  /** The text as a raw deflate piece (lib/gzip-member.ts), made once when the days are kept. */
  deflated: DeflatedPiece;
  /** starts[i] is where hour i begins in the text; starts[hours] is one past the text's end. */
  starts: Uint32Array;
}

/** A part of a window in days that are kept. */
export interface KeptPart {
  /** The part's hours' texts joined by commas, as UTF-8, inflated in zlib's thread pool. */
  text(): Promise<Buffer>;
  /**
   * The part's text deflated: as kept when the part is the kept days whole; a part cut from them
   * (a year's window starts inside a month) is deflated at its first gzipped answer and kept
   * beside its days, so that its repeats inflate nothing.
   */
  deflated(): Promise<DeflatedPiece>;
}

/** Is the part all the finished days of its month, and so the text they are kept as? */
export const isFinishedDaysWhole = ({ from, to, finishedDays }: Part) =>
  finishedDays !== undefined &&
  from.getTime() === finishedDays.from.getTime() &&
  to.getTime() === finishedDays.to.getTime();

/** Does the change touch the kept days of this contract? */
function touches(change: SeriesChange, contractId: number, days: Span): boolean {
  if (change.art === 'alles') return true;
  if (change.art === 'verbrauch' && change.contractId !== contractId) return false;
  return change.from < days.to.getTime() && change.to > days.from.getTime();
}

/**
 * The hourly history's text of the days of a German month that are over and have consumption and
 * a price in every hour. Only the operator's import changes such an hour again (the top-up only
 * adds hours after the last one, and no customer call writes consumption): it tells every
 * instance (db/series-changes.ts), and `forget` drops the months it touched. So a year's history
 * reads only today (profiled: the database's part of a year was most of the call). Days with a
 * gap may still be filled and are read each time. Keyed by contract, days, tariff periods and
 * VAT, which is all that prices an hour; the least recently read go first when the texts pass
 * the bound. A text read before a change and offered after it is not kept (`since`). Kept
 * deflated: a client that takes gzip gets whole months as they are kept, so only the others'
 * answers and the months a window cuts inflate them again.
 */
export function createFinishedMonths(maxBytes = FINISHED_MONTHS_MAX_BYTES) {
  const kept = new LRUCache<string, KeptDays>({
    maxSize: maxBytes,
    sizeCalculation: (days) => days.deflated.bytes.byteLength + days.starts.byteLength,
  });
  /**
   * The deflated parts cut from kept days, under their days' key and their own span: one a
   * contract's year a day, so an eighth of the bound holds far more than the months it holds.
   */
  const cuts = new LRUCache<string, DeflatedPiece>({
    maxSize: Math.ceil(maxBytes / 8),
    sizeCalculation: (piece) => piece.bytes.byteLength,
  });

  /** Counts the changes heard, so that a read that raced one is not kept. */
  let changes = 0;
  /** Reads of finished days answered from memory, and those that went to the database. */
  const reads = { hits: 0, misses: 0 };
  const keyOf = (window: PricedWindow, days: Span) =>
    `${window.contractId}|${days.from.getTime()}|${days.to.getTime()}|${window.vat}|${JSON.stringify(window.periods)}`;
  /** The index of the first hour starting at or after `instant`. */
  const hourIndex = (days: Span, instant: Date) =>
    Math.ceil((instant.getTime() - days.from.getTime()) / HOUR_MS);

  return {
    /** The part's hours as kept, if its days are over and kept. */
    read(window: PricedWindow, part: Part): KeptPart | undefined {
      const days = part.finishedDays;
      if (!days) return undefined;
      const key = keyOf(window, days);
      const found = kept.get(key);
      if (!found) {
        reads.misses++;
        return undefined;
      }
      reads.hits++;
      const first = found.starts[hourIndex(days, part.from)]!;
      const end = found.starts[hourIndex(days, part.to)]! - 1;
      const text = async () => (await inflatePiece(found.deflated)).subarray(first, end);
      if (isFinishedDaysWhole(part))
        return { text, deflated: () => Promise.resolve(found.deflated) };
      const cutKey = `${key}|${part.from.getTime()}|${part.to.getTime()}`;
      const since = changes;
      return {
        text,
        deflated: async () => {
          const cut = cuts.get(cutKey);
          if (cut) return cut;
          const deflated = await deflatePiece(await text(), 1);
          if (since === changes && kept.has(key)) cuts.set(cutKey, deflated);
          return deflated;
        },
      };
    },

    /** What to read for a part that is not kept: all its finished days, so that they can be. */
    span(part: Part): Span {
      return part.finishedDays ?? part;
    },

    /** A mark to give `offer`: taken before the database is read. */
    mark: () => changes,

    /**
     * Keeps the texts of a part's finished days, read whole, if each hour is metered and priced
     * and no change was heard since `since` (the read may have seen the data before it). They
     * are kept once deflated, in zlib's thread pool: the promise resolves then, with the piece,
     * which an answer sending these days whole gzipped uses too.
     */
    offer(
      window: PricedWindow,
      part: Part,
      hours: HourTuple[],
      texts: string[],
      since: number,
    ): Promise<DeflatedPiece> | undefined {
      const days = part.finishedDays;
      if (!days || since !== changes) return undefined;
      const complete =
        hours.length === hourIndex(days, days.to) &&
        hours.every(([, verbrauch, preis]) => verbrauch !== null && preis !== null);
      if (!complete) return undefined;
      const starts = new Uint32Array(texts.length + 1);
      for (let index = 0; index < texts.length; index++)
        starts[index + 1] = starts[index]! + Buffer.byteLength(texts[index]!) + 1;
      return deflatePiece(Buffer.from(texts.join(','))).then((deflated) => {
        if (since === changes) kept.set(keyOf(window, days), { deflated, starts });
        return deflated;
      });
    },

    /** For the metrics: the reads of finished days so far and what is kept now. */
    stats: () => ({
      ...reads,
      bytes: kept.calculatedSize + cuts.calculatedSize,
      months: kept.size,
    }),

    /** Drops the kept months the change touches. */
    forget(change: SeriesChange) {
      changes++;
      for (const cache of [kept, cuts]) {
        for (const key of [...cache.keys()]) {
          // A cut's key begins with its days' key: it goes with them.
          const [contractId, from, to] = key.split('|').map(Number) as [number, number, number];
          if (touches(change, contractId, { from: new Date(from), to: new Date(to) }))
            cache.delete(key);
        }
      }
    },
  };
}

export type FinishedMonths = ReturnType<typeof createFinishedMonths>;
