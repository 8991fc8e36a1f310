/**
 * Working days of the energy market's processes (docs/architecture.md): not Saturday, Sunday, 24.12.,
 * 31.12., nor a public holiday in any German state. Days are YYYY-MM-DD; the holiday test is
 * given by the caller (the server from its holiday data, the web from the holiday service).
 */
import { addDays, weekdayOf } from './berlin-time';

export type HolidayTest = (day: string) => boolean;

const CANCELLATION_MIN_WORKING_DAYS = 2;

export function isWorkingDay(day: string, isHoliday: HolidayTest): boolean {
  const weekday = weekdayOf(day);
  const monthDay = day.slice(5);
  return (
    weekday !== 0 &&
    weekday !== 6 &&
    monthDay !== '12-24' &&
    monthDay !== '12-31' &&
    !isHoliday(day)
  );
}

/** The n-th working day after `day` (the day itself does not count). */
export function addWorkingDays(day: string, workingDays: number, isHoliday: HolidayTest): string {
  let current = day;
  let counted = 0;
  while (counted < workingDays) {
    current = addDays(current, 1);
    if (isWorkingDay(current, isHoliday)) counted += 1;
  }
  return current;
}

/** Spec §5: the last-delivery date may not be before the second working day after today. */
export function earliestCancellationDate(today: string, isHoliday: HolidayTest): string {
  return addWorkingDays(today, CANCELLATION_MIN_WORKING_DAYS, isHoliday);
}

/** The years the holiday service is asked for: this year, and the next one in December. */
export function holidayYears(today: string): number[] {
  const year = Number(today.slice(0, 4));
  return today.slice(5, 7) === '12' ? [year, year + 1] : [year];
}
