import Holidays from 'date-holidays';
import { GermanStates, type Holiday, type HolidayTest } from '@kundenportal/contract';

type StateFlags = Record<(typeof GermanStates)[number], '0' | '1'>;

/**
 * Public holidays of every German state, from the offline data of date-holidays, in the shape
 * of the third-party holiday service (spec §7.4). Computed once per year.
 */
export function createHolidayService() {
  const calendars = GermanStates.map(
    (state) =>
      [
        state,
        new Holidays('DE', state.toUpperCase(), { languages: ['de'], types: ['public'] }),
      ] as const,
  );
  const byYear = new Map<number, Holiday[]>();

  function holidaysOf(year: number): Holiday[] {
    const cached = byYear.get(year);
    if (cached) return cached;
    const days = new Map<string, { fname: string; flags: StateFlags }>();
    for (const [state, calendar] of calendars) {
      for (const holiday of calendar.getHolidays(year)) {
        const date = holiday.date.slice(0, 10);
        const entry =
          days.get(date) ??
          ({
            fname: holiday.name,
            flags: Object.fromEntries(GermanStates.map((s) => [s, '0'])) as StateFlags,
          } as const);
        entry.flags[state] = '1';
        days.set(date, entry);
      }
    }
    const list: Holiday[] = [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, { fname, flags }]) => {
        const everywhere = GermanStates.every((state) => flags[state] === '1');
        return { date, fname, comment: everywhere ? '' : 'regional', ...flags };
      });
    byYear.set(year, list);
    return list;
  }

  const isHoliday: HolidayTest = (day) =>
    holidaysOf(Number(day.slice(0, 4))).some((holiday) => holiday.date === day);

  return { holidaysOf, isHoliday };
}

export type HolidayService = ReturnType<typeof createHolidayService>;
