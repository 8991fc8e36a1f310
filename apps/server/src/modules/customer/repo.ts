import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { contactRequests, contracts, customers } from '../../db/schema/index';

const selectCustomer = preparedQuery('find_customer', (executor, name) =>
  executor
    .select()
    .from(customers)
    .where(eq(customers.id, sql.placeholder('customerId')))
    .prepare(name),
);

export async function findCustomer(executor: Executor, customerId: number) {
  const [customer] = await selectCustomer(executor, { customerId });
  return customer;
}

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

const selectCustomerWithContractIds = preparedQuery(
  'find_customer_with_contract_ids',
  (executor, name) =>
    executor
      .select({ customer: customerDataColumns, contractIds: contractIdsOfCustomer })
      .from(customers)
      .where(eq(customers.id, sql.placeholder('customerId')))
      .prepare(name),
);

/** The customer and the ids of their contracts, ascending: one query for the hot path. */
export async function findCustomerWithContractIds(
  executor: Executor,
  customerId: number,
): Promise<CustomerWithContractIds | undefined> {
  const [row] = await selectCustomerWithContractIds(executor, { customerId });
  return row;
}

/**
 * Locks the customer's row until the transaction ends, so that two changes of the same
 * customer's validity rows (addresses, bank details) run one after the other.
 */
export async function lockCustomer(executor: Executor, customerId: number) {
  await executor
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
}

export async function updateContact(
  executor: Executor,
  customerId: number,
  contact: {
    email: string | null;
    festnetz: string | null;
    mobil: string | null;
    fax: string | null;
  },
) {
  await executor.update(customers).set(contact).where(eq(customers.id, customerId));
}

export async function insertContactRequest(
  executor: Executor,
  customerId: number,
  request: { betreff: string; text: string },
) {
  const [row] = await executor
    .insert(contactRequests)
    .values({ customerId, betreff: request.betreff, text: request.text })
    .returning({ id: contactRequests.id });
  return row!.id;
}
