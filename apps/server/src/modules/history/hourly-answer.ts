import type { HistoryPoint } from '@kundenportal/contract';
import type { Database } from '../../db/client';
import { windowParts, type FinishedMonths } from './finished-months';
import * as repo from './repo';

const HOUR_MS = 3_600_000;

/** Money and prices at 6 decimals: sums of them stay right to the cent. */
export const round6 = (value: number | null) =>
  value === null ? null : Math.round(value * 1_000_000) / 1_000_000;

/** One hour as the answer writes it. */
const hourJson = ([start, verbrauch, preis, kosten]: repo.HourTuple) =>
  JSON.stringify({
    von: new Date(start).toISOString(),
    bis: new Date(start + HOUR_MS).toISOString(),
    verbrauch,
    arbeitspreis: round6(preis),
    kosten: round6(kosten),
  } satisfies HistoryPoint);

/**
 * The hourly history's answer as JSON text: the parts in days that are over from memory where
 * kept; each run of the others read in one query (a month's finished days whole, so that they can
 * be kept) and cut where the parts end.
 */
export function createHourlyAnswer(db: Database, finishedMonths: FinishedMonths) {
  return async (window: repo.PricedWindow, now: Date): Promise<string> => {
    const parts = windowParts(window.from, window.to, now);
    const texts = parts.map((part) => finishedMonths.read(window, part));
    for (let first = texts.indexOf(undefined); first !== -1; first = texts.indexOf(undefined)) {
      let last = first;
      while (last + 1 < parts.length && texts[last + 1] === undefined) last++;
      const spans = parts.slice(first, last + 1).map((part) => finishedMonths.span(part));
      const hours = await repo.hourlyHistory(db, {
        ...window,
        from: spans[0]!.from,
        to: spans.at(-1)!.to,
      });
      let next = 0;
      spans.forEach((span, offset) => {
        let end = next;
        while (end < hours.length && hours[end]![0] < span.to.getTime()) end++;
        const spanHours = hours.slice(next, end);
        next = end;
        const spanTexts = spanHours.map(hourJson);
        const part = parts[first + offset]!;
        finishedMonths.offer(window, part, spanHours, spanTexts);
        texts[first + offset] = spanTexts
          .filter((_, index) => {
            const start = spanHours[index]![0];
            return start >= part.from.getTime() && start < part.to.getTime();
          })
          .join(',');
      });
    }
    return `{"data":[${texts.filter((text) => text !== '').join(',')}]}`;
  };
}
