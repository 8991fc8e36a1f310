import { describe, expect, it } from 'vitest';
import { priceHighlights } from './price-highlights';
import type { PricePoint } from './prices';

const HOUR_MS = 3_600_000;
/** 24.11.2026 00:00 German time (CET). */
const yesterday = Date.parse('2026-11-23T23:00:00.000Z');
const series = (prices: number[]): PricePoint[] =>
  prices.map((preis, hour) => ({ von: new Date(yesterday + hour * HOUR_MS).toISOString(), preis }));

describe('priceHighlights', () => {
  const prices = Array.from({ length: 72 }, (_, hour) => 0.3 + (hour % 24) / 1000);
  prices[30] = 0.25; // today 06:00
  prices[31] = 0.25; // today 07:00: equal, the earlier one counts
  prices[42] = 0.41; // today 18:00
  prices[52] = 0.2; // tomorrow 04:00
  prices[10] = 0.1; // yesterday: not today's

  it('finds the hour of now and the extremes of today and tomorrow', () => {
    const now = new Date('2026-11-25T13:42:00.000Z'); // 14:42 German time
    const highlights = priceHighlights(series(prices), now);
    expect(highlights.now).toEqual({ von: '2026-11-25T13:00:00.000Z', preis: prices[38] });
    expect(highlights.days.map((day) => day.day)).toEqual(['2026-11-25', '2026-11-26']);
    expect(highlights.days[0]!.cheapest).toEqual({ von: '2026-11-25T05:00:00.000Z', preis: 0.25 });
    expect(highlights.days[0]!.dearest).toEqual({ von: '2026-11-25T17:00:00.000Z', preis: 0.41 });
    expect(highlights.days[1]!.cheapest.preis).toBe(0.2);
    expect(highlights.days[1]!.dearest.preis).toBe(0.323);
  });

  it('shows tomorrow only once its prices are known, and no now outside the series', () => {
    const now = new Date('2026-11-25T09:00:00.000Z');
    const highlights = priceHighlights(series(prices.slice(0, 48)), now);
    expect(highlights.days.map((day) => day.day)).toEqual(['2026-11-25']);
    expect(priceHighlights(series(prices.slice(0, 24)), now)).toEqual({ now: null, days: [] });
  });

  it('averages quarter hours to hours and finds the quarter hour of now', () => {
    const start = Date.parse('2026-11-25T00:00:00.000Z'); // 01:00 German time
    const quarters: PricePoint[] = [0.3, 0.2, 0.2, 0.3, 0.24, 0.24, 0.24, 0.24].map(
      (preis, index) => ({ von: new Date(start + index * 900_000).toISOString(), preis }),
    );
    const highlights = priceHighlights(quarters, new Date(start + 4 * 900_000 + 60_000));
    expect(highlights.now).toBe(quarters[4]);
    expect(highlights.days[0]!.cheapest).toEqual({ von: '2026-11-25T01:00:00.000Z', preis: 0.24 });
    expect(highlights.days[0]!.dearest.von).toBe('2026-11-25T00:00:00.000Z');
    expect(highlights.days[0]!.dearest.preis).toBeCloseTo(0.25, 10);
    // The last quarter hour lasts a quarter hour, not an hour.
    expect(priceHighlights(quarters, new Date(start + 8 * 900_000)).now).toBeNull();
  });
});
