import { queryOptions, useQuery } from '@tanstack/react-query';
import { HolidayAnswerSchema, holidayYears, isHolidayEntry } from '@kundenportal/contract';
import { mandant } from '../../../config/mandant';

/**
 * The holiday calendar at the URL the variant configures (spec §7.4), a third party's or ours.
 * Called without the session's headers: it is not our API.
 */
async function getHolidayDays(today: string, signal?: AbortSignal): Promise<Set<string>> {
  const url = `${mandant.feiertageUrl}?years=${holidayYears(today).join(',')}`;
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Feiertage: HTTP ${response.status}`);
  const { feiertage } = HolidayAnswerSchema.parse(await response.json());
  return new Set(feiertage.filter((entry) => isHolidayEntry(entry)).map((entry) => entry.date));
}

export const holidaysQueryOptions = (today: string) =>
  queryOptions({
    queryKey: ['holidays', holidayYears(today)],
    queryFn: ({ signal }) => getHolidayDays(today, signal),
    staleTime: 24 * 60 * 60_000,
  });

/** On failure the failure is only logged and there is no minimum (spec §7.4). */
export function useHolidays(today: string) {
  const query = useQuery(holidaysQueryOptions(today));
  if (query.isError) console.warn('Feiertage konnten nicht geladen werden', query.error);
  return query;
}
