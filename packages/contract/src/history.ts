/**
 * Windows and steps of the consumption history and the price series (spec §4.3, §7.2, §9),
 * as pure functions of "now": German calendar days, a DST day has 23 or 25 hours.
 */
import { madeOnFirstUse, TIME_ZONE } from './format';

/** A German calendar day, YYYY-MM-DD. */
export type CalendarDay = string;
export type HistoryMode = 'STUENDLICH' | 'TAEGLICH' | 'MONATLICH';

/** From 12:00 German time the next day's exchange prices are known (spec §9). */
export const PRICE_CUTOFF_HOUR = 12;

const partsFormat = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

function berlinParts(instant: Date) {
  const parts: Record<string, number> = {};
  for (const part of partsFormat().formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

const pad = (value: number, digits = 2) => String(value).padStart(digits, '0');
const dayOf = (year: number, month: number, day: number): CalendarDay =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
const splitDay = (day: CalendarDay) => day.split('-').map(Number) as [number, number, number];

/** The German calendar day of an instant. */
export function berlinDayOf(instant: Date): CalendarDay {
  const { year, month, day } = berlinParts(instant);
  return dayOf(year, month, day);
}

/** The German hour of day (0..23) of an instant. */
export function berlinHourOf(instant: Date): number {
  return berlinParts(instant).hour;
}

/** The instant a German calendar day begins (00:00 in Berlin, whatever its offset). */
export function startOfBerlinDay(day: CalendarDay): Date {
  const [year, month, date] = splitDay(day);
  const utcMidnight = Date.UTC(year, month - 1, date);
  let guess = utcMidnight;
  for (let i = 0; i < 3; i++) {
    const p = berlinParts(new Date(guess));
    const shownAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess = guess - (shownAsUtc - utcMidnight);
  }
  return new Date(guess);
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  const [year, month, date] = splitDay(day);
  const moved = new Date(Date.UTC(year, month - 1, date + days));
  return dayOf(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Months later (or earlier); the 31st becomes the month's last day where it has none. */
export function addMonths(day: CalendarDay, months: number): CalendarDay {
  const [year, month, date] = splitDay(day);
  const index = year * 12 + (month - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = (index % 12) + 1;
  return dayOf(newYear, newMonth, Math.min(date, daysInMonth(newYear, newMonth)));
}

export const firstOfMonth = (day: CalendarDay): CalendarDay => `${day.slice(0, 7)}-01`;
export const firstOfYear = (day: CalendarDay): CalendarDay => `${day.slice(0, 4)}-01-01`;
const minDay = (a: CalendarDay, b: CalendarDay) => (a < b ? a : b);

/** The latest reference day of a mode: today (tomorrow from 12:00) hourly, else yesterday. */
export function latestReferenceDay(mode: HistoryMode, now: Date): CalendarDay {
  const today = berlinDayOf(now);
  if (mode !== 'STUENDLICH') return addDays(today, -1);
  return berlinHourOf(now) >= PRICE_CUTOFF_HOUR ? addDays(today, 1) : today;
}

/** The reference day a mode opens with: the latest it may show. */
export const defaultReferenceDay = latestReferenceDay;

/** A reference day brought into the mode's limit. */
export function clampReferenceDay(mode: HistoryMode, day: CalendarDay, now: Date): CalendarDay {
  return minDay(day, latestReferenceDay(mode, now));
}

/** One step of "<" (-1) or ">" (+1): a day, a month or a year; null beyond the limit. */
export function stepReferenceDay(
  mode: HistoryMode,
  day: CalendarDay,
  direction: -1 | 1,
  now: Date,
): CalendarDay | null {
  const latest = latestReferenceDay(mode, now);
  const moved =
    mode === 'STUENDLICH'
      ? addDays(day, direction)
      : addMonths(day, direction * (mode === 'TAEGLICH' ? 1 : 12));
  if (direction < 0) return moved;
  if (moved <= latest) return moved;
  // A month or year that has begun is shown up to its last complete day.
  const samePeriod =
    mode === 'TAEGLICH'
      ? moved.slice(0, 7) === latest.slice(0, 7)
      : moved.slice(0, 4) === latest.slice(0, 4);
  return mode !== 'STUENDLICH' && samePeriod ? latest : null;
}

export interface DayWindow {
  /** First day shown. */
  fromDay: CalendarDay;
  /** Last day shown (inclusive). */
  toDay: CalendarDay;
  /** Start of fromDay. */
  from: Date;
  /** Start of the day after toDay (exclusive end). */
  to: Date;
}

function dayWindow(fromDay: CalendarDay, toDay: CalendarDay): DayWindow {
  return {
    fromDay,
    toDay,
    from: startOfBerlinDay(fromDay),
    to: startOfBerlinDay(addDays(toDay, 1)),
  };
}

/**
 * The window of a mode for a reference day (spec §4.3): hourly the day before and the
 * reference day, never beyond today (tomorrow from 12:00); daily the reference day's month,
 * monthly its year, both up to yesterday at most.
 */
export function historyWindow(mode: HistoryMode, day: CalendarDay, now: Date): DayWindow {
  const latest = latestReferenceDay(mode, now);
  if (mode === 'STUENDLICH') return dayWindow(addDays(day, -1), minDay(day, latest));
  const first = mode === 'TAEGLICH' ? firstOfMonth(day) : firstOfYear(day);
  const last = mode === 'TAEGLICH' ? addDays(addMonths(first, 1), -1) : `${day.slice(0, 4)}-12-31`;
  return dayWindow(first, minDay(last, latest));
}

/**
 * The longest price series one call may ask for: the screen asks for two days (spec §7.2); one
 * more leaves room for a day of 25 hours and a client's own clock. Each day more is computed on
 * the server's one event loop.
 */
export const MAX_PRICE_SERIES_DAYS = 3;

/** Spec §7.2 and §9: yesterday and today, from 12:00 today and tomorrow. */
export function priceSeriesWindow(now: Date): DayWindow {
  const today = berlinDayOf(now);
  const shift = berlinHourOf(now) >= PRICE_CUTOFF_HOUR ? 1 : 0;
  return dayWindow(addDays(today, -1 + shift), addDays(today, shift));
}
