import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';

export const contracts = pgTable(
  'contracts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 5000001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    versorgungsart: text('versorgungsart').notNull(),
    anmeldungsart: text('anmeldungsart'),
    kundenArt: text('kunden_art').notNull(),
    lieferbeginn: date('lieferbeginn'),
    gewuenschterLieferbeginn: date('gewuenschter_lieferbeginn'),
    lieferende: date('lieferende'),
    gewuenschtesLieferende: date('gewuenschtes_lieferende'),
    storniert: boolean('storniert').notNull().default(false),
    strasse: text('strasse').notNull(),
    hausnummer: text('hausnummer').notNull(),
    plz: text('plz').notNull(),
    ort: text('ort').notNull(),
    kuendigungsgrund: text('kuendigungsgrund'),
    kuendigungstext: text('kuendigungstext'),
    gekuendigtAm: timestamp('gekuendigt_am', { withTimezone: true }),
  },
  (table) => [index('contracts_customer_idx').on(table.customerId)],
);

/** Prices in EUR: arbeitspreis per kWh, grundpreis per year; aufschlag is the dynamic markup per kWh. */
export const tariffs = pgTable(
  'tariffs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    name: text('name').notNull(),
    tariftyp: text('tariftyp').notNull(),
    arbeitspreis: numeric('arbeitspreis', { precision: 10, scale: 6, mode: 'number' }),
    arbeitspreisNt: numeric('arbeitspreis_nt', { precision: 10, scale: 6, mode: 'number' }),
    anteilNt: numeric('anteil_nt', { precision: 5, scale: 4, mode: 'number' }),
    grundpreis: numeric('grundpreis', { precision: 10, scale: 2, mode: 'number' }),
    aufschlag: numeric('aufschlag', { precision: 10, scale: 6, mode: 'number' }),
    preisgarantietyp: text('preisgarantietyp'),
    istDynamisch: boolean('ist_dynamisch').notNull().default(false),
    gueltigVon: date('gueltig_von'),
    gueltigBis: date('gueltig_bis'),
  },
  (table) => [index('tariffs_contract_idx').on(table.contractId)],
);

/** A contract as the contract scope reads it (plugins/contract-scope.ts) and services take it. */
export type ContractRow = typeof contracts.$inferSelect;
