import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bankDetails } from '../../db/schema/index';

export type BankDetailsRow = typeof bankDetails.$inferSelect;

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
