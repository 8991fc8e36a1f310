import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { billingAddresses } from '../../db/schema/index';

export type BillingAddressRow = typeof billingAddresses.$inferSelect;

/** The customer's addresses for all contracts (contractId null) or those of one contract. */
export function listBillingAddresses(
  executor: Executor,
  customerId: number,
  contractId: number | null,
) {
  return executor
    .select()
    .from(billingAddresses)
    .where(
      and(
        eq(billingAddresses.customerId, customerId),
        contractId === null
          ? isNull(billingAddresses.contractId)
          : eq(billingAddresses.contractId, contractId),
      ),
    )
    .orderBy(desc(billingAddresses.gueltigVon), desc(billingAddresses.id));
}
