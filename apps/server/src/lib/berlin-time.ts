import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay } from 'date-fns';
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
