/** The headline of the price series: the price now, and the cheapest and dearest hours. */
import { addDays, berlinDayOf, type CalendarDay } from './berlin-time';
import type { PricePoint } from './prices';

const HOUR_MS = 3_600_000;

/** A whole hour of the series: its start and its average price in EUR per kWh. */
interface HourPrice {
  von: string;
  preis: number;
}

interface DayExtremes {
  day: CalendarDay;
  cheapest: HourPrice;
  dearest: HourPrice;
}

export interface PriceHighlights {
  /** The point (a quarter hour or an hour) that holds "now", or null outside the series. */
  now: PricePoint | null;
  /** Today and, once its prices are known, tomorrow. */
  days: DayExtremes[];
}

/**
 * The series' points averaged per whole hour: the hour a customer plans a washing machine by.
 * German time is a whole number of hours from UTC, so its hours begin at UTC's.
 */
function hourPrices(points: PricePoint[]): HourPrice[] {
  const hours = new Map<number, { sum: number; count: number }>();
  for (const point of points) {
    const hour = Math.floor(new Date(point.von).getTime() / HOUR_MS) * HOUR_MS;
    const entry = hours.get(hour) ?? { sum: 0, count: 0 };
    entry.sum += point.preis;
    entry.count += 1;
    hours.set(hour, entry);
  }
  return [...hours].map(([hour, { sum, count }]) => ({
    von: new Date(hour).toISOString(),
    preis: sum / count,
  }));
}

/** The cheapest and dearest hour of one day; the earlier one where two are equal. */
function extremesOf(day: CalendarDay, hours: HourPrice[]): DayExtremes | null {
  const [first, ...rest] = hours.filter((hour) => berlinDayOf(new Date(hour.von)) === day);
  if (!first) return null;
  let cheapest = first;
  let dearest = first;
  for (const hour of rest) {
    if (hour.preis < cheapest.preis) cheapest = hour;
    if (hour.preis > dearest.preis) dearest = hour;
  }
  return { day, cheapest, dearest };
}

/** The point holding `now`: each point lasts until the next; the last as long as the one before. */
function pointAt(points: PricePoint[], now: Date): PricePoint | null {
  const time = now.getTime();
  const starts = points.map((point) => new Date(point.von).getTime());
  for (const [index, point] of points.entries()) {
    const start = starts[index]!;
    const end = starts[index + 1] ?? start + (index > 0 ? start - starts[index - 1]! : HOUR_MS);
    if (start <= time && time < end) return point;
  }
  return null;
}

/** The price now and the cheapest and dearest hours of today and tomorrow. */
export function priceHighlights(points: PricePoint[], now: Date): PriceHighlights {
  const hours = hourPrices(points);
  const today = berlinDayOf(now);
  const days = [today, addDays(today, 1)]
    .map((day) => extremesOf(day, hours))
    .filter((extremes) => extremes !== null);
  return { now: pointAt(points, now), days };
}
