import { round, type HistoryPoint } from '@kundenportal/contract';
import type { Database } from '../../db/client';
import { windowParts, type FinishedMonths, type Part } from './finished-months';
import { deflatePiece, gzipMember, type DeflatedPiece } from '../../lib/gzip-member';
import * as repo from './repo';

const HOUR_MS = 3_600_000;

/** One hour as the answer writes it. */
const hourJson = ([start, verbrauch, preis, kosten]: repo.HourTuple) =>
  JSON.stringify({
    von: new Date(start).toISOString(),
    bis: new Date(start + HOUR_MS).toISOString(),
    verbrauch,
    arbeitspreis: round(preis, 6),
    kosten: round(kosten, 6),
  } satisfies HistoryPoint);

const OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');

/**
 * The hourly history's answer as JSON text in UTF-8, in pieces to be sent one after the other:
 * the parts in days that are over from memory where kept (views of the kept bytes); each run of
 * the others read in one query (a month's finished days whole, so that they can be kept) and cut
 * where the parts end. Neither one string nor one buffer: a year is a megabyte, and one string
 * was joined, then copied again into bytes for the compression; under 50 callers at once that
 * garbage was most of the server's memory (measured).
 */
export function createHourlyAnswer(db: Database, finishedMonths: FinishedMonths) {
  return async (window: repo.PricedWindow, now: Date): Promise<HourlyAnswer> => {
    const parts = windowParts(window.from, window.to, now);
    const texts: (Buffer | undefined)[] = parts.map((part) => finishedMonths.read(window, part));
    for (let first = texts.indexOf(undefined); first !== -1; first = texts.indexOf(undefined)) {
      let last = first;
      while (last + 1 < parts.length && texts[last + 1] === undefined) last++;
      const spans = parts.slice(first, last + 1).map((part) => finishedMonths.span(part));
      const mark = finishedMonths.mark();
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
        finishedMonths.offer(window, part, spanHours, spanTexts, mark);
        texts[first + offset] = Buffer.from(
          spanTexts
            .filter((_, index) => {
              const start = spanHours[index]![0];
              return start >= part.from.getTime() && start < part.to.getTime();
            })
            .join(','),
        );
      });
    }
    const chunks: Buffer[] = [OPEN];
    /** The part each chunk is the text of; none for the brackets and commas. */
    const partOf: (Part | undefined)[] = [undefined];
    texts.forEach((text, index) => {
      if (!text || text.byteLength === 0) return;
      if (chunks.length > 1) {
        chunks.push(COMMA);
        partOf.push(undefined);
      }
      chunks.push(text);
      partOf.push(parts[index]);
    });
    chunks.push(CLOSE);
    partOf.push(undefined);
    return {
      chunks,
      // Whole months as deflated once; the rest (brackets, commas, the window's cut months,
      // today) now, fast: the small part of a year.
      gzipped: async () =>
        gzipMember(
          await Promise.all(
            chunks.map((chunk, index) => {
              const part = partOf[index];
              const kept: Promise<DeflatedPiece> | undefined =
                part && finishedMonths.readDeflated(window, part);
              return kept ?? deflatePiece(chunk, 1);
            }),
          ),
        ),
    };
  };
}

/** The answer's UTF-8 pieces, and the same as one gzip member on demand. */
export interface HourlyAnswer {
  chunks: Buffer[];
  gzipped: () => Promise<Buffer[]>;
}
