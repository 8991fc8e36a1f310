import { describe, expect, it } from 'vitest';
import { deflatePiece, inflatePiece } from '../../lib/gzip-member';
import { createFinishedMonths, windowParts, type KeptPart } from './finished-months';
import type { HourTuple, PricedWindow } from './repo';

const HOUR_MS = 3_600_000;
const at = (iso: string) => new Date(iso);
/** German midnight of the first of March, April and May 2026 (CET, then CEST). */
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

/** The kept text of a part; fails the test where it is not kept. */
async function textOf(kept: KeptPart | undefined) {
  expect(kept, 'kept').toBeDefined();
  return (await kept!.text()).toString('utf8');
}

/** The one part of [from, to) that lies in a single month's days, as windowParts cuts it. */
function partOf(from: Date, to: Date, now: Date) {
  const parts = windowParts(from, to, now);
  expect(parts).toHaveLength(1);
  return parts[0]!;
}

describe('windowParts', () => {
  it('cuts a window at the starts of German months and of today, whatever the offset', async () => {
    const parts = windowParts(at('2026-03-15T10:30:00Z'), at('2026-05-02T00:00:00Z'), later);
    expect(parts.map(({ from, to }) => ({ from, to }))).toEqual([
      { from: at('2026-03-15T10:30:00Z'), to: april },
      { from: april, to: may },
      { from: may, to: at('2026-05-02T00:00:00Z') },
    ]);
    expect(parts.map((part) => part.finishedDays)).toEqual([
      { from: march, to: april },
      { from: april, to: may },
      { from: may, to: at('2026-05-31T22:00:00Z') },
    ]);
    // on 10 April (German time): March, April's first nine days, today and after
    const startOfTenth = at('2026-04-09T22:00:00Z');
    expect(windowParts(march, may, at('2026-04-10T08:00:00Z'))).toEqual([
      { from: march, to: april, finishedDays: { from: march, to: april } },
      { from: april, to: startOfTenth, finishedDays: { from: april, to: startOfTenth } },
      { from: startOfTenth, to: may, finishedDays: undefined },
    ]);
  });
});

describe('finished months', () => {
  it('keeps a finished, complete month and answers any part of it', async () => {
    const months = createFinishedMonths();
    const { hours, texts } = hoursOf(march, april);
    expect(hours).toHaveLength(743); // the clocks go forward on 29 March
    const whole = partOf(march, april, later);
    expect(months.span(whole)).toEqual({ from: march, to: april });
    await months.offer(window, whole, hours, texts, months.mark());
    expect(await textOf(months.read(window, whole))).toBe(texts.join(','));
    // 02:30 to 05:00 German time on the second: hours 27 (03:00) and 28 (04:00)
    const part = partOf(at('2026-03-02T01:30:00Z'), at('2026-03-02T04:00:00Z'), later);
    expect(months.span(part)).toEqual({ from: march, to: april });
    expect(await textOf(months.read(window, part))).toBe('27,28');
    expect(
      await textOf(months.read(window, partOf(at('2026-03-31T20:00:00Z'), april, later))),
    ).toBe('741,742');
  });

  it('keeps nothing of today, of days with a gap, or for another window’s prices', async () => {
    const months = createFinishedMonths();
    const { hours, texts } = hoursOf(march, april);
    // on 31 March the month's last day is today: its finished days end before it
    const running = windowParts(march, april, at('2026-03-31T21:59:00Z'));
    expect(running.map((part) => part.finishedDays?.to)).toEqual([
      at('2026-03-30T22:00:00Z'),
      undefined,
    ]);
    await months.offer(window, running[1]!, hours, texts, months.mark());
    expect(months.read(window, running[1]!)).toBeUndefined();

    const whole = partOf(march, april, later);
    const missingPrice = hours.map((hour, index): HourTuple =>
      index === 100 ? [hour[0], 1, null, null] : hour,
    );
    await months.offer(window, whole, missingPrice, texts, months.mark());
    await months.offer(window, whole, hours.slice(1), texts.slice(1), months.mark());
    expect(months.read(window, whole)).toBeUndefined();

    await months.offer(window, whole, hours, texts, months.mark());
    expect(months.read({ ...window, vat: 1 }, whole)).toBeUndefined();
    expect(months.read({ ...window, contractId: 8 }, whole)).toBeUndefined();
    expect(await textOf(months.read(window, whole))).toBe(texts.join(','));
  });

  it('keeps the days of the running month that are over, and reads today each time', async () => {
    const months = createFinishedMonths();
    const now = at('2026-03-10T08:00:00Z');
    const startOfTenth = at('2026-03-09T23:00:00Z');
    const [finished, today] = windowParts(march, april, now);
    expect(months.span(finished!)).toEqual({ from: march, to: startOfTenth });
    expect(months.span(today!)).toEqual({ from: startOfTenth, to: april });
    const { hours, texts } = hoursOf(march, startOfTenth);
    expect(hours).toHaveLength(9 * 24);
    await months.offer(window, finished!, hours, texts, months.mark());
    expect(await textOf(months.read(window, finished!))).toBe(texts.join(','));
    const lastHours = partOf(at('2026-03-09T20:00:00Z'), startOfTenth, now);
    expect(await textOf(months.read(window, lastHours))).toBe('213,214,215');
    expect(months.read(window, today!)).toBeUndefined();
  });

  it('lets the least recently read month go when the texts pass the bound', async () => {
    const inMarch = hoursOf(march, april);
    const inApril = hoursOf(april, may);
    const size = async (texts: string[]) =>
      (await deflatePiece(Buffer.from(texts.join(',')))).bytes.byteLength + (texts.length + 1) * 4;
    const months = createFinishedMonths(
      (await size(inMarch.texts)) + (await size(inApril.texts)) - 1,
    );
    const [first, second] = windowParts(march, may, later);
    await months.offer(window, first!, inMarch.hours, inMarch.texts, months.mark());
    await months.offer(window, second!, inApril.hours, inApril.texts, months.mark());
    expect(months.read(window, first!)).toBeUndefined();
    expect(months.read(window, second!)).toBeDefined();
  });

  it("forgets the months a change of their contract's consumption or of the prices touches", async () => {
    const months = createFinishedMonths();
    const [first, second] = windowParts(march, may, later);
    const other: PricedWindow = { ...window, contractId: 8 };
    const keepAll = async () => {
      for (const [part, from, to] of [
        [first!, march, april],
        [second!, april, may],
      ] as const) {
        const { hours, texts } = hoursOf(from, to);
        await months.offer(window, part, hours, texts, months.mark());
        await months.offer(other, part, hours, texts, months.mark());
      }
    };
    await keepAll();
    // one hour of contract 7 in April
    const hour = at('2026-04-15T10:00:00Z').getTime();
    months.forget({ art: 'verbrauch', contractId: 7, from: hour, to: hour + HOUR_MS });
    expect(months.read(window, first!)).toBeDefined();
    expect(months.read(window, second!)).toBeUndefined();
    expect(months.read(other, second!)).toBeDefined();
    // a price of the last hour of March: every contract's March
    await keepAll();
    months.forget({ art: 'preise', from: april.getTime() - HOUR_MS, to: april.getTime() });
    expect(months.read(window, first!)).toBeUndefined();
    expect(months.read(other, first!)).toBeUndefined();
    expect(months.read(other, second!)).toBeDefined();
    months.forget({ art: 'alles' });
    expect(months.read(other, second!)).toBeUndefined();
  });

  it('does not keep a month read before a change and offered after it', async () => {
    const months = createFinishedMonths();
    const whole = partOf(march, april, later);
    const { hours, texts } = hoursOf(march, april);
    const mark = months.mark();
    months.forget({ art: 'verbrauch', contractId: 7, from: march.getTime(), to: april.getTime() });
    await months.offer(window, whole, hours, texts, mark);
    expect(months.read(window, whole)).toBeUndefined();
    // A change heard while the text is being deflated.
    const deflating = months.offer(window, whole, hours, texts, months.mark());
    months.forget({ art: 'preise', from: march.getTime(), to: april.getTime() });
    await deflating;
    expect(months.read(window, whole)).toBeUndefined();
    await months.offer(window, whole, hours, texts, months.mark());
    expect(months.read(window, whole)).toBeDefined();
  });

  it('gives a whole month as kept, deflated, and keeps a cut one deflated once asked for', async () => {
    const months = createFinishedMonths();
    const { hours, texts } = hoursOf(march, april);
    const whole = partOf(march, april, later);
    const offered = await months.offer(window, whole, hours, texts, months.mark());
    expect(await months.read(window, whole)!.deflated()).toBe(offered);
    expect((await inflatePiece(offered!)).toString('utf8')).toBe(texts.join(','));
    const cut = partOf(at('2026-03-02T01:30:00Z'), april, later);
    const cutText = texts.slice(27).join(',');
    const first = await months.read(window, cut)!.deflated();
    expect((await inflatePiece(first)).toString('utf8')).toBe(cutText);
    expect(await months.read(window, cut)!.deflated()).toBe(first);
    // Another cut of the same days is a piece of its own.
    const shorter = partOf(at('2026-03-03T01:30:00Z'), april, later);
    expect((await inflatePiece(await months.read(window, shorter)!.deflated())).toString()).toBe(
      texts.slice(51).join(','),
    );
    // A change to the days drops their cuts with them.
    months.forget({ art: 'preise', from: march.getTime(), to: april.getTime() });
    await months.offer(window, whole, hours, texts, months.mark());
    expect(await months.read(window, cut)!.deflated()).not.toBe(first);
  });

  it('does not keep a cut deflated while a change was heard', async () => {
    const months = createFinishedMonths();
    const { hours, texts } = hoursOf(march, april);
    const whole = partOf(march, april, later);
    await months.offer(window, whole, hours, texts, months.mark());
    const cut = partOf(at('2026-03-02T01:30:00Z'), april, later);
    const read = months.read(window, cut)!;
    months.forget({ art: 'verbrauch', contractId: 8, from: march.getTime(), to: april.getTime() });
    const first = await read.deflated();
    expect(await months.read(window, cut)!.deflated()).not.toBe(first);
  });
});
