import { sql } from 'drizzle-orm';

/** A point in time as a typed SQL parameter; both drivers take the ISO text alike. */
export const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
