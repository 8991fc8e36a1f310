import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contactRequests, contracts, customers } from '../../db/schema/index';

export async function findCustomer(executor: Executor, customerId: number) {
  const [customer] = await executor.select().from(customers).where(eq(customers.id, customerId));
  return customer;
}

export async function listContractIds(executor: Executor, customerId: number) {
  const rows = await executor
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.customerId, customerId))
    .orderBy(asc(contracts.id));
  return rows.map((row) => row.id);
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
