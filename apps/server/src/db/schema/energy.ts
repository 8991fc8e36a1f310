import { integer, numeric, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { contracts } from './contracts';

/** Metered consumption per hour, kWh; `von` is the start of the hour. */
export const hourlyConsumption = pgTable(
  'hourly_consumption',
  {
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    von: timestamp('von', { withTimezone: true }).notNull(),
    verbrauch: numeric('verbrauch', { precision: 12, scale: 4, mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.contractId, table.von] })],
);

/** Day-ahead exchange price per hour, EUR per kWh, net. */
export const exchangePrices = pgTable('exchange_prices', {
  von: timestamp('von', { withTimezone: true }).primaryKey(),
  preis: numeric('preis', { precision: 10, scale: 6, mode: 'number' }).notNull(),
});

/**
 * The exchange price of each hour, EUR per kWh, net: the mean of its quarter-hours (a metered
 * hour spreads evenly over them), kept beside the market's series so that a year of hourly
 * history reads 8,760 rows, not 35,040. Written with the prices (demo/insert.ts, top-up.ts).
 */
export const hourlyExchangePrices = pgTable('hourly_exchange_prices', {
  von: timestamp('von', { withTimezone: true }).primaryKey(),
  preis: numeric('preis', { precision: 14, scale: 10, mode: 'number' }).notNull(),
});
