import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bankDetails } from '../../db/schema/index';

export type BankDetailsRow = typeof bankDetails.$inferSelect;
export type NewBankDetailsRow = typeof bankDetails.$inferInsert;

/** The customer's bank details for all contracts (contractId null) or those of one contract. */
export function listBankDetails(executor: Executor, customerId: number, contractId: number | null) {
  return executor
    .select()
    .from(bankDetails)
    .where(
      and(
        eq(bankDetails.customerId, customerId),
        contractId === null
          ? isNull(bankDetails.contractId)
          : eq(bankDetails.contractId, contractId),
      ),
    )
    .orderBy(desc(bankDetails.gueltigVon), desc(bankDetails.id));
}

/** Every bank account of the customer, general and contract-specific. */
export function listAllBankDetails(executor: Executor, customerId: number) {
  return executor
    .select()
    .from(bankDetails)
    .where(eq(bankDetails.customerId, customerId))
    .orderBy(desc(bankDetails.gueltigVon), desc(bankDetails.id));
}

export async function insertBankDetails(executor: Executor, row: NewBankDetailsRow) {
  const [inserted] = await executor.insert(bankDetails).values(row).returning();
  return inserted!;
}

export async function setBankDetailsUntil(
  executor: Executor,
  id: number,
  gueltigBis: string | null,
) {
  await executor.update(bankDetails).set({ gueltigBis }).where(eq(bankDetails.id, id));
}

export async function deleteBankDetails(executor: Executor, id: number) {
  await executor.delete(bankDetails).where(eq(bankDetails.id, id));
}

export async function mandateReferenceTaken(executor: Executor, reference: string) {
  const rows = await executor
    .select({ id: bankDetails.id })
    .from(bankDetails)
    .where(eq(bankDetails.mandatsreferenz, reference));
  return rows.length > 0;
}
