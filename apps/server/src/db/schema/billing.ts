import { boolean, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { contracts } from './contracts';
import { customers } from './customers';

/** A row with contract_id applies to that contract only; without, to the whole customer. */
export const billingAddresses = pgTable(
  'billing_addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    contractId: integer('contract_id').references(() => contracts.id),
    gueltigVon: date('gueltig_von').notNull(),
    gueltigBis: date('gueltig_bis'),
    anrede: text('anrede').notNull(),
    firma: text('firma'),
    vorname: text('vorname'),
    nachname: text('nachname'),
    titel: text('titel'),
    co: text('co'),
    strasse: text('strasse'),
    hausnummer: text('hausnummer'),
    postleitzahl: text('postleitzahl').notNull(),
    ort: text('ort').notNull(),
    land: text('land').notNull().default('Deutschland'),
    postfach: text('postfach'),
    /** The billing system's own key of a row it sent (modules/import); none for the portal's. */
    schluessel: text('schluessel').unique(),
  },
  (table) => [index('billing_addresses_customer_idx').on(table.customerId, table.contractId)],
);

export const bankDetails = pgTable(
  'bank_details',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    contractId: integer('contract_id').references(() => contracts.id),
    kontoinhaber: text('kontoinhaber').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    bankname: text('bankname'),
    blz: text('blz'),
    kontonummer: text('kontonummer'),
    gueltigVon: date('gueltig_von').notNull(),
    gueltigBis: date('gueltig_bis'),
    lastschrifteinzugErlaubt: boolean('lastschrifteinzug_erlaubt').notNull().default(true),
    mandatsreferenz: text('mandatsreferenz').unique(),
    /** The billing system's own key of a row it sent (modules/import); none for the portal's. */
    schluessel: text('schluessel').unique(),
  },
  (table) => [index('bank_details_customer_idx').on(table.customerId, table.contractId)],
);
