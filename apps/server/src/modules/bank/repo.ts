import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bankDetails } from '../../db/schema/index';

export async function mandateReferenceTaken(executor: Executor, reference: string) {
  const rows = await executor
    .select({ id: bankDetails.id })
    .from(bankDetails)
    .where(eq(bankDetails.mandatsreferenz, reference));
  return rows.length > 0;
}
