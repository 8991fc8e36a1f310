import { round, type HistoryPoint } from '@kundenportal/contract';
import type { Database } from '../../db/client';
import {
  isFinishedDaysWhole,
  windowParts,
  type FinishedMonths,
  type KeptPart,
} from './finished-months';
import {
  deflatePiece,
  deflateSmallPiece,
  gzipMember,
  type DeflatedPiece,
} from '../../lib/gzip-member';
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
const DEFLATED_OPEN = deflateSmallPiece(OPEN);
const DEFLATED_COMMA = deflateSmallPiece(COMMA);
const DEFLATED_CLOSE = deflateSmallPiece(CLOSE);

/** The pieces between an opening and a closing one, separated. */
const joined = <T>(open: T, pieces: T[], comma: T, close: T): T[] => [
  open,
  ...pieces.flatMap((piece, index) => (index === 0 ? [piece] : [comma, piece])),
  close,
];

/**
 * The hourly history's answer as JSON text in UTF-8, in pieces to be sent one after the other:
 * the parts in days that are over from memory where kept (lib/gzip-member.ts pieces, inflated
 * only for a client that does not take gzip or where the window cuts a month); each run of the
 * others read in one query (a month's finished days whole, so that they can be kept) and cut
 * where the parts end. Neither one string nor one buffer: a year is a megabyte, and one string
 * was joined, then copied again into bytes for the compression; under 50 callers at once that
 * garbage was most of the server's memory (measured).
 */
export function createHourlyAnswer(db: Database, finishedMonths: FinishedMonths) {
  return async (window: repo.PricedWindow, now: Date): Promise<HourlyAnswer> => {
    const parts = windowParts(window.from, window.to, now);
    /** Each part's text: kept, read now, or null where the part has no hours. */
    const texts: (KeptPart | null | undefined)[] = parts.map((part) =>
      finishedMonths.read(window, part),
    );
    const keeping: Promise<DeflatedPiece>[] = [];
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
        const kept = finishedMonths.offer(window, part, spanHours, spanTexts, mark);
        if (kept) keeping.push(kept);
        const text = Buffer.from(
          spanTexts
            .filter((_, index) => {
              const start = spanHours[index]![0];
              return start >= part.from.getTime() && start < part.to.getTime();
            })
            .join(','),
        );
        texts[first + offset] =
          text.byteLength === 0
            ? null
            : {
                text: () => Promise.resolve(text),
                deflated: () =>
                  (isFinishedDaysWhole(part) ? kept : undefined) ?? deflatePiece(text, 1),
              };
      });
    }
    // Kept before the answer goes: the next call finds them, and a gzipped answer sends them.
    await Promise.all(keeping);
    const present = texts.filter((text) => text != null);
    return {
      chunks: async () =>
        joined(OPEN, await Promise.all(present.map((part) => part.text())), COMMA, CLOSE),
      // Kept months as deflated once, and their cut parts once kept; what was read now is
      // deflated now, fast: the small part of a year.
      gzipped: async () =>
        gzipMember(
          joined(
            DEFLATED_OPEN,
            await Promise.all(present.map((part) => part.deflated())),
            DEFLATED_COMMA,
            DEFLATED_CLOSE,
          ),
        ),
    };
  };
}

/** The answer's UTF-8 pieces, and the same as one gzip member, each made when asked for. */
export interface HourlyAnswer {
  chunks: () => Promise<Buffer[]>;
  gzipped: () => Promise<Buffer[]>;
}
