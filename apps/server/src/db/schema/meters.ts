import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { contracts } from './contracts';

export const meters = pgTable(
  'meters',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    nummer: text('nummer').notNull(),
    eingebautAm: date('eingebaut_am'),
    ausgebautAm: date('ausgebaut_am'),
  },
  (table) => [
    index('meters_contract_idx').on(table.contractId),
    // The import's key: a meter number once per contract (modules/import).
    uniqueIndex('meters_contract_nummer_uq').on(table.contractId, table.nummer),
  ],
);

export const meterChannels = pgTable(
  'meter_channels',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id),
    obiskennzahl: text('obiskennzahl').notNull(),
    vorkommastellen: integer('vorkommastellen').notNull(),
    nachkommastellen: integer('nachkommastellen').notNull(),
  },
  (table) => [
    index('meter_channels_meter_idx').on(table.meterId),
    uniqueIndex('meter_channels_meter_obis_uq').on(table.meterId, table.obiskennzahl),
  ],
);

export const readings = pgTable(
  'readings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id),
    ablesedatum: date('ablesedatum').notNull(),
    ablesegrund: text('ablesegrund'),
    erfassungshinweis: text('erfassungshinweis'),
    ermittlungsart: text('ermittlungsart').notNull(),
    ableseart: text('ableseart'),
    createdAt: createdAt(),
  },
  (table) => [
    index('readings_contract_idx').on(table.contractId, table.ablesedatum),
    // One reading per meter and day, also when two arrive at the same time.
    uniqueIndex('readings_meter_day_uq').on(table.meterId, table.ablesedatum),
  ],
);

export const readingValues = pgTable(
  'reading_values',
  {
    readingId: integer('reading_id')
      .notNull()
      .references(() => readings.id, { onDelete: 'cascade' }),
    obiskennzahl: text('obiskennzahl').notNull(),
    ablesewert: numeric('ablesewert', { precision: 16, scale: 4, mode: 'number' }).notNull(),
    nachkommastellen: integer('nachkommastellen').notNull(),
  },
  (table) => [primaryKey({ columns: [table.readingId, table.obiskennzahl] })],
);

export const readingPhotos = pgTable('reading_photos', {
  readingId: integer('reading_id')
    .primaryKey()
    .references(() => readings.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
});
