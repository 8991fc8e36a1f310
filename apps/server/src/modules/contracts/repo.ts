import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contracts } from '../../db/schema/index';

export async function findContractOfCustomer(
  executor: Executor,
  customerId: number,
  contractId: number,
) {
  const [contract] = await executor
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.customerId, customerId)));
  return contract;
}

/** Sets the wished end only while the contract is still undisturbed; answers whether it did. */
export async function markCancelled(
  executor: Executor,
  contractId: number,
  input: { datum: string; grund: string; text: string | null; at: Date },
) {
  const updated = await executor
    .update(contracts)
    .set({
      gewuenschtesLieferende: input.datum,
      kuendigungsgrund: input.grund,
      kuendigungstext: input.text,
      gekuendigtAm: input.at,
    })
    .where(
      and(
        eq(contracts.id, contractId),
        isNull(contracts.gewuenschtesLieferende),
        isNull(contracts.lieferende),
        eq(contracts.storniert, false),
      ),
    )
    .returning({ id: contracts.id });
  return updated.length === 1;
}
