import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { billingAddresses } from '../../db/schema/index';

export type BillingAddressRow = typeof billingAddresses.$inferSelect;
export type NewBillingAddressRow = typeof billingAddresses.$inferInsert;

const scope = (customerId: number, contractId: number | null) =>
  and(
    eq(billingAddresses.customerId, customerId),
    contractId === null
      ? isNull(billingAddresses.contractId)
      : eq(billingAddresses.contractId, contractId),
  );

/** The customer's addresses for all contracts (contractId null) or those of one contract. */
export function listBillingAddresses(
  executor: Executor,
  customerId: number,
  contractId: number | null,
) {
  return executor
    .select()
    .from(billingAddresses)
    .where(scope(customerId, contractId))
    .orderBy(desc(billingAddresses.gueltigVon), desc(billingAddresses.id));
}

/** Every address of the customer, general and contract-specific. */
export function listAllBillingAddresses(executor: Executor, customerId: number) {
  return executor
    .select()
    .from(billingAddresses)
    .where(eq(billingAddresses.customerId, customerId))
    .orderBy(desc(billingAddresses.gueltigVon), desc(billingAddresses.id));
}

export async function insertBillingAddress(executor: Executor, row: NewBillingAddressRow) {
  const [inserted] = await executor.insert(billingAddresses).values(row).returning();
  return inserted!;
}

export async function setBillingAddressUntil(
  executor: Executor,
  id: number,
  gueltigBis: string | null,
) {
  await executor.update(billingAddresses).set({ gueltigBis }).where(eq(billingAddresses.id, id));
}

export async function deleteBillingAddress(executor: Executor, id: number) {
  await executor.delete(billingAddresses).where(eq(billingAddresses.id, id));
}
