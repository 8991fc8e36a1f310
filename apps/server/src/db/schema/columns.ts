import { customType, timestamp } from 'drizzle-orm/pg-core';

/** bytea as a Buffer on both drivers (PGlite hands out Uint8Array, pg a Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
