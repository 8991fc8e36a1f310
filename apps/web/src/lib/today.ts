import { TIME_ZONE } from '@kundenportal/contract';

/** Today in Germany as YYYY-MM-DD, whatever the device's time zone. */
export function todayInGermany(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);
}

/** Tomorrow in Germany as YYYY-MM-DD: the earliest "gültig ab" of spec §9. */
export function tomorrowInGermany(now = new Date()): string {
  const day = new Date(`${todayInGermany(now)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
