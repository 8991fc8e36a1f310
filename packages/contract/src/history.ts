/**
 * Windows and steps of the consumption history and the price series (spec §4.3, §7.2, §9),
 * as pure functions of "now": German calendar days, a DST day has 23 or 25 hours.
 */
import {
  addDays,
  addMonths,
  berlinDayOf,
  berlinHourOf,
  firstOfMonth,
  firstOfYear,
  startOfBerlinDay,
  type CalendarDay,
} from './berlin-time';

export type HistoryMode = 'STUENDLICH' | 'TAEGLICH' | 'MONATLICH';
const HISTORY_MODES: readonly unknown[] = ['STUENDLICH', 'TAEGLICH', 'MONATLICH'];

/**
 * The search params of /vertrag/{id}/verbrauchshistorie: the mode and the reference day, so that
 * back, reload and a shared link keep the view.
 */
export interface HistorySearch {
  ansicht?: HistoryMode;
  tag?: CalendarDay;
}

/** A day the calendar has, written yyyy-mm-dd (2026-02-30 is none). */
function isCalendarDay(value: unknown): value is CalendarDay {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * The history's view as its link names it; anything unreadable opens the default view. Without
 * zod on purpose: a route's search is read in the app's entry, which the login page loads.
 * Both keys are always there, undefined when unreadable: the router lays the validated search
 * over the raw one, so a dropped key would let "?ansicht=monat" through to the page.
 */
export function parseHistorySearch(search: Record<string, unknown>): HistorySearch {
  const { ansicht, tag } = search;
  return {
    ansicht: HISTORY_MODES.includes(ansicht) ? (ansicht as HistoryMode) : undefined,
    tag: isCalendarDay(tag) ? tag : undefined,
  };
}

/** From 12:00 German time the next day's exchange prices are known (spec §9). */
const PRICE_CUTOFF_HOUR = 12;

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
