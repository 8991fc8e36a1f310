import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { readings } from './meters';

/**
 * The change feed: one row per change a customer made, written in the change's
 * transaction under a lock held until its commit (db/change-feed.ts), so that ids become
 * visible in their order and a cursor never passes an entry still to come.
 */
export const changeFeed = pgTable('change_feed', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  typ: text('typ').notNull(),
  kundennummer: text('kundennummer').notNull(),
  vertragsnummer: integer('vertragsnummer'),
  daten: jsonb('daten').$type<Record<string, unknown>>().notNull(),
  /** The reading of an ABLESUNG entry: its photo is served from there. */
  readingId: integer('reading_id').references(() => readings.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

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
