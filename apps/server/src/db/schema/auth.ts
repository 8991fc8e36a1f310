import { index, integer, jsonb, pgTable, text, timestamp, bigint } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { customers } from './customers';

/** Only the SHA-256 of a session token is stored; the token itself lives in the browser. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_customer_idx').on(table.customerId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A change of the e-mail address, in force once the new address has confirmed it by the link
 * sent there. The old address is told, with a link that takes the change back and ends every
 * session ("Das war ich nicht"). Only hashes of both links are stored.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email'),
    newEmail: text('new_email').notNull(),
    confirmTokenHash: text('confirm_token_hash').notNull().unique(),
    revokeTokenHash: text('revoke_token_hash').notNull().unique(),
    confirmBy: timestamp('confirm_by', { withTimezone: true }).notNull(),
    revokeBy: timestamp('revoke_by', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_changes_customer_idx').on(table.customerId)],
);

/**
 * Throttling counters (lib/rate-limits.ts): what a key counted (failed logins, reset mails,
 * contact requests, photo bytes) in a window that opens with its first count, shared by all
 * instances. The table keeps its first name; `failures` is the count of whatever is counted.
 */
export const throttleCounters = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  windowSeconds: integer('window_seconds').notNull().default(900),
  failures: integer('failures').notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('audit_log_customer_idx').on(table.customerId, table.createdAt)],
);
