import { eq, sql } from 'drizzle-orm';
import type { Executor } from './client';
import { contracts, customers } from './schema/index';

// The pieces of the customer's row that several layers read: the session guard answers the
// customer with the session (plugins/session.ts), the validity rows lock it (lib/).

/**
 * The ids of the customer's contracts, ascending, as a column beside the customer's row. Written
 * out: Drizzle would leave the columns unqualified, and the inner "id" would be the contract's.
 */
export const contractIdsOfCustomer = sql<number[]>`array(
  select c.id from ${contracts} c where c.customer_id = ${customers}.id order by c.id
)`;

/** The customer's columns that GET /anschlussnutzer answers: never the password hash. */
export const customerDataColumns = {
  kundennummer: customers.kundennummer,
  anrede: customers.anrede,
  titel: customers.titel,
  vorname: customers.vorname,
  nachname: customers.nachname,
  firma: customers.firma,
  geburtsdatum: customers.geburtsdatum,
  email: customers.email,
  festnetz: customers.festnetz,
  mobil: customers.mobil,
  fax: customers.fax,
};

/** What GET /anschlussnutzer answers: the customer's data and the ids of their contracts. */
export interface CustomerWithContractIds {
  customer: Pick<typeof customers.$inferSelect, keyof typeof customerDataColumns>;
  contractIds: number[];
}

/**
 * Locks the customer's row until the transaction ends, so that two changes of the same
 * customer's validity rows (addresses, bank details) run one after the other.
 */
export async function lockCustomer(executor: Executor, customerId: number) {
  const [customer] = await executor
    .select({ id: customers.id, kundennummer: customers.kundennummer })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  return customer;
}
