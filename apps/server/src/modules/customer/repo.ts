import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import {
  contractIdsOfCustomer,
  customerDataColumns,
  type CustomerWithContractIds,
} from '../../db/customer-rows';
import { contactRequests, customers } from '../../db/schema/index';

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
