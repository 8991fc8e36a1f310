import { berlinDayOf } from '@kundenportal/contract';

/** Today in Germany as YYYY-MM-DD, whatever the device's time zone. */
export const todayInGermany = (now = new Date()): string => berlinDayOf(now);

/** Tomorrow in Germany as YYYY-MM-DD: the earliest "gültig ab" of spec §9. */
export const tomorrowInGermany = (now = new Date()): string => berlinDayOf(now, 1);
