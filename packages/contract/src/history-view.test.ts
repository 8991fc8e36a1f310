import { describe, expect, it } from 'vitest';
import type { HistoryPoint } from './consumption';
import { defaultReferenceDay, historyWindow } from './history';
import { everyHourOf, formatHistoryKwh, historyTotals, shownCost } from './history-view';

const HOUR_MS = 3_600_000;
const start = Date.parse('2026-11-24T23:00:00.000Z');

/** 48 hours, each 0,3 kWh at the given price per kWh; costs as the server computes them. */
const hours = (eurPerKwh: (hour: number) => number): HistoryPoint[] =>
  Array.from({ length: 48 }, (_, hour) => ({
    von: new Date(start + hour * HOUR_MS).toISOString(),
    bis: new Date(start + (hour + 1) * HOUR_MS).toISOString(),
    verbrauch: 0.3,
    arbeitspreis: eurPerKwh(hour),
    kosten: 0.3 * eurPerKwh(hour),
  }));

describe('historyTotals', () => {
  it('gives costs that the hourly rows, in Cent at two decimals, add up to', () => {
    // 0,3 kWh at 31,5 ct: 9,45 ct an hour; in whole cents each row would show 0,09 €.
    const points = hours(() => 0.315);
    const rows = points.map((point) => shownCost('STUENDLICH', point.kosten!));
    expect(rows[0]).toBe(9.45);
    const totals = historyTotals('STUENDLICH', points);
    expect(totals.kosten).toBe(4.54);
    expect(Math.round(rows.reduce((sum, row) => sum + row, 0)) / 100).toBe(totals.kosten);
    // In whole cents the rows would say 4,32 €: the disagreement the Cent rows remove.
    expect(points.reduce((sum, point) => sum + Math.round(point.kosten! * 100), 0) / 100).toBe(
      4.32,
    );
    expect(totals.verbrauch).toBe(14.4);
    expect(totals.preis).toBeCloseTo(31.5, 10);
  });

  it('adds daily rows in euros as they are shown, and leaves unpriced hours out of the price', () => {
    const points: HistoryPoint[] = [
      { von: 'a', bis: 'b', verbrauch: 10, arbeitspreis: 0.30449, kosten: 3.0449 },
      { von: 'b', bis: 'c', verbrauch: 10, arbeitspreis: 0.30449, kosten: 3.0449 },
      { von: 'c', bis: 'd', verbrauch: 5, arbeitspreis: null, kosten: null },
      { von: 'd', bis: 'e', verbrauch: null, arbeitspreis: 0.3, kosten: null },
    ];
    const totals = historyTotals('TAEGLICH', points);
    expect(shownCost('TAEGLICH', 3.0449)).toBe(3.04);
    expect(totals.kosten).toBe(6.08);
    expect(totals.verbrauch).toBe(25);
    expect(totals.preis).toBeCloseTo(30.449, 10);
  });

  it('has no price without priced consumption', () => {
    expect(historyTotals('MONATLICH', [])).toEqual({ verbrauch: 0, kosten: 0, preis: null });
  });
});

describe('everyHourOf', () => {
  it('shows the 48 hours of today and tomorrow after the cut-off, tomorrow without prices yet', () => {
    // 13:30 in Berlin: the window is today and tomorrow; the prices go to the end of today.
    const now = new Date('2026-11-26T12:30:00Z');
    const window = historyWindow('STUENDLICH', defaultReferenceDay('STUENDLICH', now), now);
    expect(window.fromDay).toBe('2026-11-26');
    const today = hours(() => 0.3)
      .slice(0, 24)
      .map((point) => ({
        ...point,
        von: new Date(Date.parse(point.von) + 24 * HOUR_MS).toISOString(),
        bis: new Date(Date.parse(point.bis) + 24 * HOUR_MS).toISOString(),
      }));
    const rows = everyHourOf(today, window.from, window.to);
    expect(rows).toHaveLength(48);
    expect(rows.slice(0, 24)).toEqual(today);
    expect(rows[24]).toEqual({
      von: '2026-11-26T23:00:00.000Z',
      bis: '2026-11-27T00:00:00.000Z',
      verbrauch: null,
      arbeitspreis: null,
      kosten: null,
    });
    expect(rows.slice(24).every((row) => row.verbrauch === null && row.kosten === null)).toBe(true);
  });

  it('has 49 hours over the night the clocks go back, each once, in order', () => {
    const window = historyWindow('STUENDLICH', '2026-10-25', new Date('2026-11-26T08:00:00Z'));
    const rows = everyHourOf([], window.from, window.to);
    expect(rows).toHaveLength(49);
    expect(new Set(rows.map((row) => row.von)).size).toBe(49);
    expect(rows.at(-1)!.bis).toBe(window.to.toISOString());
  });
});

describe('formatHistoryKwh', () => {
  it('gives one column one precision, its trailing zeros kept', () => {
    expect([0.2414, 0.197, 1.203].map((kwh) => formatHistoryKwh('STUENDLICH', kwh))).toEqual([
      '0,2414',
      '0,1970',
      '1,2030',
    ]);
    expect([5.8, 12.345].map((kwh) => formatHistoryKwh('TAEGLICH', kwh))).toEqual([
      '5,80',
      '12,35',
    ]);
    expect(formatHistoryKwh('MONATLICH', 1234.5)).toBe('1.234,50');
  });
});
