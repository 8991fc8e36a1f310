import { LRUCache } from 'lru-cache';
import { berlinStartOfMonth } from '../../lib/berlin-time';
import type { HourTuple, PricedWindow } from './repo';

const HOUR_MS = 3_600_000;
/** About 25 contract-years of hourly answers (a year's text is 1.2 MB). */
export const FINISHED_MONTHS_MAX_BYTES = 32 * 1024 * 1024;

/** A part of a window: a whole German month, or the window's cut-off first or last part of one. */
export interface MonthPart {
  from: Date;
  to: Date;
}

/** The window cut at the starts of German months, in order. */
export function monthParts(from: Date, to: Date): MonthPart[] {
  const parts: MonthPart[] = [];
  let start = from;
  while (start.getTime() < to.getTime()) {
    const next = berlinStartOfMonth(start, 1);
    const end = next.getTime() < to.getTime() ? next : to;
    parts.push({ from: start, to: end });
    start = end;
  }
  return parts;
}

/** The whole German month of a part, if that month is over. */
function finishedMonthOf(part: MonthPart, now: Date): MonthPart | undefined {
  const month = { from: berlinStartOfMonth(part.from), to: berlinStartOfMonth(part.from, 1) };
  return month.to.getTime() <= now.getTime() ? month : undefined;
}

/** A kept month: its hours' texts joined by commas, and where each hour's text begins. */
interface KeptMonth {
  text: string;
  /** starts[i] is where hour i begins; starts[hours] is one past the text's end. */
  starts: Uint32Array;
}

/**
 * The hourly history's text of German months that are over and have consumption and a price in
 * every hour. Nothing changes such an hour again — the top-up only adds hours after the last one,
 * and no call writes consumption — so a year's history reads its running month only (profiled:
 * the database's part of a year was most of the call). A month with a gap may still be filled and
 * is read each time. Keyed by contract, month, tariff periods and VAT, which is all that prices an
 * hour; the least recently read go first when the texts pass the bound.
 */
export function createFinishedMonths(maxBytes = FINISHED_MONTHS_MAX_BYTES) {
  const months = new LRUCache<string, KeptMonth>({
    maxSize: maxBytes,
    sizeCalculation: (kept) => kept.text.length + kept.starts.byteLength,
  });

  const keyOf = (window: PricedWindow, month: MonthPart) =>
    `${window.contractId}|${month.from.getTime()}|${window.vat}|${JSON.stringify(window.periods)}`;
  /** The index of the first hour starting at or after `instant`. */
  const hourIndex = (month: MonthPart, instant: Date) =>
    Math.ceil((instant.getTime() - month.from.getTime()) / HOUR_MS);

  return {
    /** The text of the part's hours, if its month is over and kept. */
    read(window: PricedWindow, part: MonthPart, now: Date): string | undefined {
      const month = finishedMonthOf(part, now);
      const kept = month && months.get(keyOf(window, month));
      if (!month || !kept) return undefined;
      const end = kept.starts[hourIndex(month, part.to)]!;
      return kept.text.slice(kept.starts[hourIndex(month, part.from)], end - 1);
    },

    /** What to read for a part that is not kept: its whole month if over, so that it can be kept. */
    span(part: MonthPart, now: Date): MonthPart {
      return finishedMonthOf(part, now) ?? part;
    },

    /** Keeps a span's texts if it is a month that is over with every hour metered and priced. */
    offer(window: PricedWindow, span: MonthPart, now: Date, hours: HourTuple[], texts: string[]) {
      const month = finishedMonthOf(span, now);
      if (!month || month.from.getTime() !== span.from.getTime()) return;
      const complete =
        hours.length === hourIndex(month, month.to) &&
        hours.every(([, verbrauch, preis]) => verbrauch !== null && preis !== null);
      if (!complete) return;
      const starts = new Uint32Array(texts.length + 1);
      for (let index = 0; index < texts.length; index++)
        starts[index + 1] = starts[index]! + texts[index]!.length + 1;
      months.set(keyOf(window, month), { text: texts.join(','), starts });
    },
  };
}

export type FinishedMonths = ReturnType<typeof createFinishedMonths>;
