import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { readings } from './meters';

/** PostgreSQL's 64-bit transaction id, as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The change feed (issue 22): one row per change a customer made, written in the change's
 * transaction. `xid` is that transaction's id: the feed is read in (xid, id) order and only
 * below the oldest running transaction, so that no entry can appear behind a cursor already
 * handed out (modules/change-feed/repo.ts).
 */
export const changeFeed = pgTable(
  'change_feed',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    typ: text('typ').notNull(),
    kundennummer: text('kundennummer').notNull(),
    vertragsnummer: integer('vertragsnummer'),
    daten: jsonb('daten').$type<Record<string, unknown>>().notNull(),
    /** The reading of an ABLESUNG entry: its photo is served from there. */
    readingId: integer('reading_id').references(() => readings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('change_feed_order_idx').on(table.xid, table.id)],
);

/** Every authenticated call of the operator interface, with the name of the key it used. */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schluessel: text('schluessel').notNull(),
    methode: text('methode').notNull(),
    pfad: text('pfad').notNull(),
    adresse: text('adresse').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('operator_audit_created_idx').on(table.createdAt)],
);
