/**
 * German time, the one module for web and server: calendar days (YYYY-MM-DD) and the instants
 * they begin, with Intl only (no date library in the browser's bundle). A DST day has 23 or 25
 * hours; day and month boundaries of histories, prices and deadlines are German ones.
 */
import { madeOnFirstUse, TIME_ZONE } from './format';

/** A German calendar day, YYYY-MM-DD. */
export type CalendarDay = string;

const HOUR_MS = 3_600_000;

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

/**
 * Berlin's offset from UTC in ms at an instant, kept per UTC hour: German offsets change only at
 * whole UTC hours, and Intl's formatToParts costs microseconds, which the server's hourly series
 * and the demo data's hundreds of thousands of intervals would pay each time.
 */
const offsets = new Map<number, number>();
const MAX_KEPT_OFFSETS = 50_000;

function offsetAt(time: number): number {
  const utcHour = Math.floor(time / HOUR_MS);
  let offset = offsets.get(utcHour);
  if (offset === undefined) {
    const at = utcHour * HOUR_MS;
    const parts: Record<string, number> = {};
    for (const part of partsFormat().formatToParts(new Date(at)))
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    const { year, month, day, hour, minute, second } = parts as Record<
      'year' | 'month' | 'day' | 'hour' | 'minute' | 'second',
      number
    >;
    offset = Date.UTC(year, month - 1, day, hour, minute, second) - at;
    if (offsets.size >= MAX_KEPT_OFFSETS) offsets.clear();
    offsets.set(utcHour, offset);
  }
  return offset;
}

/** The wall clock in Germany at an instant, as the UTC fields of a shifted Date. */
const berlinClock = (instant: Date) => new Date(instant.getTime() + offsetAt(instant.getTime()));

const pad = (value: number, digits = 2) => String(value).padStart(digits, '0');
const dayOf = (year: number, month: number, day: number): CalendarDay =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
const splitDay = (day: CalendarDay) => day.split('-').map(Number) as [number, number, number];

/**
 * An instant (ms since 1970) as German local time with its offset, as an EDM writes it:
 * 2026-10-25T02:00:00+02:00, then 2026-10-25T02:00:00+01:00 an hour later.
 */
export function berlinIso(instant: number): string {
  const offset = offsetAt(instant);
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  const clock = new Date(instant + offset).toISOString().slice(0, 19);
  return `${clock}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * " MESZ" or " MEZ" for the hour that the autumn switch repeats (02:00 shows twice: first in
 * summer time, then in winter time), else nothing. The clock shows the same an hour later
 * exactly where the offset drops by an hour in between.
 */
function repeatedHourZone(time: number): string {
  const offset = offsetAt(time);
  if (offsetAt(time + HOUR_MS) === offset - HOUR_MS) return ' MESZ';
  if (offsetAt(time - HOUR_MS) === offset + HOUR_MS) return ' MEZ';
  return '';
}

/**
 * An instant as German wall-clock text, dd.mm. HH:mm (dd.mm.yyyy HH:mm `withYear`), the hour
 * the autumn switch repeats with its zone ("02:00 MESZ", then "02:00 MEZ"). From the offsets
 * kept per hour, not an Intl formatter: a chart's labels, its table and its CSV format thousands
 * of points, three times each for the repeated hour, which a phone paid in its page's longest
 * task.
 */
function wallClockText(value: string | Date, withYear: boolean): string {
  const time = new Date(value).getTime();
  const clock = new Date(time + offsetAt(time));
  const year = withYear ? String(clock.getUTCFullYear()) : '';
  const day = `${pad(clock.getUTCDate())}.${pad(clock.getUTCMonth() + 1)}.${year}`;
  return `${day} ${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}${repeatedHourZone(time)}`;
}

/** dd.mm. HH:mm in German time: the label of an hour in charts and their tables. */
export const formatDayAndHour = (value: string | Date): string => wallClockText(value, false);

/** dd.mm.yyyy HH:mm in German time: a point in time in a CSV download. */
export const formatDateAndHour = (value: string | Date): string => wallClockText(value, true);

/** The German calendar day of an instant, or `plusDays` later. */
export function berlinDayOf(instant: Date, plusDays = 0): CalendarDay {
  const clock = berlinClock(instant);
  const day = dayOf(clock.getUTCFullYear(), clock.getUTCMonth() + 1, clock.getUTCDate());
  return plusDays === 0 ? day : addDays(day, plusDays);
}

/** The German hour of day (0..23) of an instant. */
export const berlinHourOf = (instant: Date): number => berlinClock(instant).getUTCHours();

/** The German month (1..12) of an instant. */
export const berlinMonthOf = (instant: Date): number => berlinClock(instant).getUTCMonth() + 1;

/** The instant a German calendar day begins (00:00 in Berlin, whatever its offset). */
export function startOfBerlinDay(day: CalendarDay): Date {
  const [year, month, date] = splitDay(day);
  const utcMidnight = Date.UTC(year, month - 1, date);
  // Midnight is never inside a German clock change (they happen at 02:00 and 03:00).
  let guess = utcMidnight - offsetAt(utcMidnight);
  guess = utcMidnight - offsetAt(guess);
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

/**
 * A calendar day as the device's own midnight of it, and back: the dates a calendar component
 * (react-day-picker) draws and hands back are the device's, whatever its time zone.
 */
export function localDateOf(day: CalendarDay): Date {
  const [year, month, date] = splitDay(day);
  return new Date(year, month - 1, date);
}

export const dayOfLocalDate = (date: Date): CalendarDay =>
  dayOf(date.getFullYear(), date.getMonth() + 1, date.getDate());

export const firstOfMonth = (day: CalendarDay): CalendarDay => `${day.slice(0, 7)}-01`;
export const firstOfYear = (day: CalendarDay): CalendarDay => `${day.slice(0, 4)}-01-01`;

/** Day of the week of a calendar day, 0 Sunday to 6 Saturday. */
export function weekdayOf(day: CalendarDay): number {
  const [year, month, date] = splitDay(day);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/** The start of the German day of an instant, or of the day `plusDays` later. */
export const berlinStartOfDay = (instant: Date, plusDays = 0): Date =>
  startOfBerlinDay(berlinDayOf(instant, plusDays));

/** The start of the German month of an instant, or of the month `plusMonths` later. */
export const berlinStartOfMonth = (instant: Date, plusMonths = 0): Date =>
  startOfBerlinDay(addMonths(firstOfMonth(berlinDayOf(instant)), plusMonths));

/** The start of the German year of an instant. */
export const berlinStartOfYear = (instant: Date): Date =>
  startOfBerlinDay(firstOfYear(berlinDayOf(instant)));
