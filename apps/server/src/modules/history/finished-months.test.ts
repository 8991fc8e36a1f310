import { describe, expect, it } from 'vitest';
import { createFinishedMonths, windowParts } from './finished-months';
import type { HourTuple, PricedWindow } from './repo';

const HOUR_MS = 3_600_000;
const at = (iso: string) => new Date(iso);
/** German midnight of the first of March and April 2026 (CET, then CEST). */
const march = at('2026-02-28T23:00:00Z');
const april = at('2026-03-31T22:00:00Z');
const may = at('2026-04-30T22:00:00Z');
const window: PricedWindow = { contractId: 7, from: march, to: may, periods: [], vat: 1.19 };
const later = at('2026-06-01T00:00:00Z');

/** Every hour of [from, to) metered and priced; the text of an hour is its index. */
function hoursOf(from: Date, to: Date) {
  const hours: HourTuple[] = [];
  for (let start = from.getTime(); start < to.getTime(); start += HOUR_MS)
    hours.push([start, 1, 0.3, 0.3]);
  return { hours, texts: hours.map((_, index) => String(index)) };
}

describe('windowParts', () => {
  it('cuts a window at the starts of German months and of today, whatever the offset', () => {
    expect(windowParts(at('2026-03-15T10:30:00Z'), at('2026-05-02T00:00:00Z'), later)).toEqual([
      { from: at('2026-03-15T10:30:00Z'), to: april },
      { from: april, to: may },
      { from: may, to: at('2026-05-02T00:00:00Z') },
    ]);
    expect(windowParts(march, april, later)).toEqual([{ from: march, to: april }]);
    // on 10 April (German time): March, April's first nine days, today and after
    const tenthOfApril = at('2026-04-10T08:00:00Z');
    const startOfTenth = at('2026-04-09T22:00:00Z');
    expect(windowParts(march, may, tenthOfApril)).toEqual([
      { from: march, to: april },
      { from: april, to: startOfTenth },
      { from: startOfTenth, to: may },
    ]);
  });
});

describe('finished months', () => {
  it('keeps a finished, complete month and answers any part of it', () => {
    const months = createFinishedMonths();
    const { hours, texts } = hoursOf(march, april);
    expect(hours).toHaveLength(743); // the clocks go forward on 29 March
    months.offer(window, { from: march, to: april }, later, hours, texts);
    expect(months.read(window, { from: march, to: april }, later)).toBe(texts.join(','));
    // 02:30 to 05:00 German time on the second: hours 27 (03:00) and 28 (04:00)
    const part = { from: at('2026-03-02T01:30:00Z'), to: at('2026-03-02T04:00:00Z') };
    expect(months.read(window, part, later)).toBe('27,28');
    expect(months.read(window, { from: at('2026-03-31T20:00:00Z'), to: april }, later)).toBe(
      '741,742',
    );
  });

  it('keeps nothing of today, of days with a gap, or for another window’s prices', () => {
    const months = createFinishedMonths();
    const { hours, texts } = hoursOf(march, april);
    const month = { from: march, to: april };
    // on 31 March the month is not over: its last day is today
    months.offer(window, month, at('2026-03-31T21:59:00Z'), hours, texts);
    expect(months.read(window, month, later)).toBeUndefined();

    const missingPrice = hours.map((hour, index): HourTuple =>
      index === 100 ? [hour[0], 1, null, null] : hour,
    );
    months.offer(window, month, later, missingPrice, texts);
    months.offer(window, month, later, hours.slice(1), texts.slice(1));
    expect(months.read(window, month, later)).toBeUndefined();

    months.offer(window, month, later, hours, texts);
    expect(months.read({ ...window, vat: 1 }, month, later)).toBeUndefined();
    expect(months.read({ ...window, contractId: 8 }, month, later)).toBeUndefined();
    expect(months.read(window, month, at('2026-03-20T00:00:00Z'))).toBeUndefined();
    expect(months.read(window, month, later)).toBe(texts.join(','));
  });

  it('keeps the days of the running month that are over, and reads today each time', () => {
    const months = createFinishedMonths();
    const now = at('2026-03-10T08:00:00Z');
    const startOfTenth = at('2026-03-09T23:00:00Z');
    const [finished, today] = windowParts(march, april, now);
    expect(finished).toEqual({ from: march, to: startOfTenth });
    expect(months.span(finished!, now)).toEqual(finished);
    expect(months.span(today!, now)).toEqual(today);
    const { hours, texts } = hoursOf(march, startOfTenth);
    expect(hours).toHaveLength(9 * 24);
    months.offer(window, finished!, now, hours, texts);
    months.offer(window, today!, now, hoursOf(startOfTenth, april).hours, []);
    expect(months.read(window, finished!, now)).toBe(texts.join(','));
    expect(months.read(window, { from: at('2026-03-09T20:00:00Z'), to: startOfTenth }, now)).toBe(
      '213,214,215',
    );
    expect(months.read(window, today!, now)).toBeUndefined();
  });

  it('lets the least recently read month go when the texts pass the bound', () => {
    const march = hoursOf(window.from, april);
    const april2 = hoursOf(april, may);
    const size = (texts: string[]) => texts.join(',').length + (texts.length + 1) * 4;
    const months = createFinishedMonths(size(march.texts) + size(april2.texts) - 1);
    months.offer(window, { from: window.from, to: april }, later, march.hours, march.texts);
    months.offer(window, { from: april, to: may }, later, april2.hours, april2.texts);
    expect(months.read(window, { from: window.from, to: april }, later)).toBeUndefined();
    expect(months.read(window, { from: april, to: may }, later)).toBeDefined();
  });
});
