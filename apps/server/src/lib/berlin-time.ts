import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, format, startOfDay, startOfMonth, startOfYear } from 'date-fns';
import { TIME_ZONE } from '@kundenportal/contract';

/** Day boundaries are German days: a DST day has 23 or 25 hours. */
export function berlinStartOfDay(instant: Date, plusDays = 0): Date {
  const local = startOfDay(addDays(new TZDate(instant, TIME_ZONE), plusDays));
  return new Date(local.getTime());
}

/** The German calendar day of an instant, YYYY-MM-DD. */
export function berlinDay(instant: Date, plusDays = 0): string {
  return format(addDays(new TZDate(instant, TIME_ZONE), plusDays), 'yyyy-MM-dd');
}

/** Hour of day (0..23) in Germany. */
export function berlinHour(instant: Date): number {
  return new TZDate(instant, TIME_ZONE).getHours();
}

export function berlinMonth(instant: Date): number {
  return new TZDate(instant, TIME_ZONE).getMonth();
}

export function berlinStartOfMonth(instant: Date, plusMonths = 0): Date {
  const local = startOfMonth(addMonths(new TZDate(instant, TIME_ZONE), plusMonths));
  return new Date(local.getTime());
}

/** The instant a German calendar day (YYYY-MM-DD) begins. */
export function berlinStartOfDayOf(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(TZDate.tz(TIME_ZONE, year!, month! - 1, date!).getTime());
}

export function berlinStartOfYear(instant: Date): Date {
  const local = startOfYear(new TZDate(instant, TIME_ZONE));
  return new Date(local.getTime());
}
