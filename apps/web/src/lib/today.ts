import { TIME_ZONE } from '@kundenportal/contract';

/** Today in Germany as YYYY-MM-DD, whatever the device's time zone. */
export function todayInGermany(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);
}
