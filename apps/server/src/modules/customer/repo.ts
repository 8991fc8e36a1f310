import { and, asc, eq, gte, sql } from 'drizzle-orm';
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

/** The first request of the customer with this subject and text since `since`, if any. */
export async function findSameContactRequest(
  executor: Executor,
  customerId: number,
  request: { betreff: string; text: string },
  since: Date,
) {
  const [row] = await executor
    .select({ id: contactRequests.id })
    .from(contactRequests)
    .where(
      and(
        eq(contactRequests.customerId, customerId),
        eq(contactRequests.betreff, request.betreff),
        eq(contactRequests.text, request.text),
        gte(contactRequests.createdAt, since),
      ),
    )
    .orderBy(asc(contactRequests.id))
    .limit(1);
  return row?.id;
}

export async function insertContactRequest(
  executor: Executor,
  customerId: number,
  request: { betreff: string; text: string },
  createdAt: Date,
) {
  const [row] = await executor
    .insert(contactRequests)
    .values({ customerId, betreff: request.betreff, text: request.text, createdAt })
    .returning({ id: contactRequests.id });
  return row!.id;
}
