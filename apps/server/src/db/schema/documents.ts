import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns';
import { contracts } from './contracts';
import { customers } from './customers';

export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    contractId: integer('contract_id').references(() => contracts.id),
    dateiname: text('dateiname').notNull(),
    kategorie: text('kategorie').notNull(),
    beschreibung: text('beschreibung').notNull(),
    erstellzeitpunkt: timestamp('erstellzeitpunkt', { withTimezone: true }).notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    /** The supplier's own document number (modules/import). */
    schluessel: text('schluessel').unique(),
  },
  (table) => [index('documents_customer_idx').on(table.customerId)],
);
