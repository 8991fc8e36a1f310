import { integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { customers } from './customers';

/**
 * The first answer to a reading sent with an `Idempotency-Key`, per customer: a repeat of the
 * key (a phone sending its waiting readings again) gets this answer instead of a second
 * reading. `anfrage` is the SHA-256 of what was sent, so a key reused for another reading is
 * told apart. Housekeeping deletes rows after a week.
 */
export const readingIdempotencyKeys = pgTable(
  'reading_idempotency_keys',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    schluessel: text('schluessel').notNull(),
    anfrage: text('anfrage').notNull(),
    status: smallint('status').notNull(),
    antwort: jsonb('antwort').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.schluessel] })],
);
