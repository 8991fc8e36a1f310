import { describe, expect, it } from 'vitest';
import type { HistoryPoint } from './consumption';
import { historyTotals, shownCost } from './history-view';

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
