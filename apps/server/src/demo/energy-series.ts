import { berlinHourOf, berlinMonthOf, berlinStartOfDay, round } from '@kundenportal/contract';

const HOUR_MS = 3_600_000;

/** Deterministic noise in [0, 1) for an hour, so that a series can be extended consistently. */
function noise(hourIndex: number, salt: number): number {
  let x = (hourIndex * 2654435761 + salt * 40503) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x45d9f3b) >>> 0;
  x ^= x >>> 16;
  // XOR answers a signed 32-bit integer: back to unsigned, so that the noise lies in [0, 1).
  return (x >>> 0) / 2 ** 32;
}

// A household's day: low at night, a morning and a larger evening peak.
const HOUSEHOLD_PROFILE = [
  0.45, 0.38, 0.35, 0.34, 0.35, 0.45, 0.75, 1.05, 1.0, 0.9, 0.85, 0.95, 1.1, 1.0, 0.9, 0.9, 1.0,
  1.3, 1.7, 1.85, 1.7, 1.4, 1.05, 0.7,
];
// Exchange prices: solar dip at noon, peaks in the morning and evening.
const PRICE_PROFILE = [
  0.85, 0.8, 0.78, 0.77, 0.8, 0.88, 1.05, 1.25, 1.2, 1.0, 0.85, 0.72, 0.65, 0.68, 0.78, 0.92, 1.08,
  1.3, 1.45, 1.4, 1.22, 1.05, 0.95, 0.9,
];
// More use in winter, cheaper power in spring and summer.
const SEASON_CONSUMPTION = [1.3, 1.25, 1.1, 0.95, 0.85, 0.75, 0.75, 0.78, 0.85, 1.0, 1.15, 1.3];
const SEASON_PRICE = [1.15, 1.1, 0.95, 0.85, 0.8, 0.85, 0.9, 0.92, 1.0, 1.05, 1.12, 1.18];
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
/** Scales the shapes so that a year adds up to the yearly consumption. */
const SHAPE_MEAN = mean(HOUSEHOLD_PROFILE) * mean(SEASON_CONSUMPTION);

/** The German day-ahead auction trades quarter-hours since 1 October 2025, hours before. */
export const QUARTER_HOURS_SINCE = new Date('2025-09-30T22:00:00.000Z');
const QUARTER_MS = 900_000;

/** Every whole hour from `from` (inclusive) to `to` (exclusive). */
export function* hours(from: Date, to: Date): Generator<Date> {
  for (let t = from.getTime(); t < to.getTime(); t += HOUR_MS) yield new Date(t);
}

/** kWh per hour of a household of about `yearlyKwh`. */
export function householdConsumption(von: Date, yearlyKwh: number): number {
  const index = Math.floor(von.getTime() / HOUR_MS);
  const base = yearlyKwh / 8760 / SHAPE_MEAN;
  const value =
    base *
    (HOUSEHOLD_PROFILE[berlinHourOf(von)] ?? 1) *
    (SEASON_CONSUMPTION[berlinMonthOf(von) - 1] ?? 1) *
    (0.6 + 0.8 * noise(index, 1));
  return round(value, 4);
}

/** Every interval the exchange prices: hours, quarter-hours since QUARTER_HOURS_SINCE. */
export function* priceIntervals(from: Date, to: Date): Generator<Date> {
  for (let t = from.getTime(); t < to.getTime();) {
    yield new Date(t);
    t += t >= QUARTER_HOURS_SINCE.getTime() ? QUARTER_MS : HOUR_MS;
  }
}

/**
 * Day-ahead price in EUR/kWh, net, of the hour or quarter-hour starting at `von`; now and then
 * negative around noon, as on the real market. Quarters vary a little around their hour.
 */
export function exchangePrice(von: Date): number {
  const quarter = von.getTime() >= QUARTER_HOURS_SINCE.getTime();
  const quarterNoise = quarter
    ? 0.012 * (noise(Math.floor(von.getTime() / QUARTER_MS), 4) - 0.5)
    : 0;
  const index = Math.floor(von.getTime() / HOUR_MS);
  const hour = berlinHourOf(von);
  const value =
    0.085 * (PRICE_PROFILE[hour] ?? 1) * (SEASON_PRICE[berlinMonthOf(von) - 1] ?? 1) +
    0.03 * (noise(index, 2) - 0.5) -
    (hour >= 11 && hour <= 14 && noise(Math.floor(index / 24), 3) > 0.85 ? 0.11 : 0) +
    quarterNoise;
  return round(value, 6);
}

/** The series window of the demo: from `days` days back to the end of tomorrow (German days). */
export function demoWindow(now: Date, days: number) {
  return { from: berlinStartOfDay(now, -days), pricesUntil: berlinStartOfDay(now, 2) };
}

/** The start of the current hour: consumption is metered only for hours that are over. */
export function startOfHour(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
}
