import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contracts, customers } from '../../db/schema/index';

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
