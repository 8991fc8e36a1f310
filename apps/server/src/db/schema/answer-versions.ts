import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * How often a customer's data (`scope` = the customer's id) or everyone's (`scope` 0) changed
 * through the API: each write adds one after its commit, before its answer leaves. On a
 * PostgreSQL server every instance reads the sum with the session, so an answer kept in memory
 * under an older sum is not sent again, whichever instance took the write
 * (plugins/read-cache.ts). No row is no change yet.
 */
export const answerVersions = pgTable('answer_versions', {
  scope: integer('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
