import { boolean, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const customers = pgTable('customers', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  kundennummer: text('kundennummer').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  portalAccess: boolean('portal_access').notNull().default(true),
  accessLevel: text('access_level').notNull().default('voll'),
  anrede: text('anrede').notNull(),
  titel: text('titel'),
  vorname: text('vorname'),
  nachname: text('nachname'),
  firma: text('firma'),
  geburtsdatum: date('geburtsdatum'),
  email: text('email'),
  festnetz: text('festnetz'),
  mobil: text('mobil'),
  fax: text('fax'),
  createdAt: createdAt(),
});

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    betreff: text('betreff').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('contact_requests_customer_idx').on(table.customerId)],
);
