import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { contracts } from '../../db/schema/index';

const selectContractOfCustomer = preparedQuery('find_contract_of_customer', (executor, name) =>
  executor
    .select()
    .from(contracts)
    .where(
      and(
        eq(contracts.id, sql.placeholder('contractId')),
        eq(contracts.customerId, sql.placeholder('customerId')),
      ),
    )
    .prepare(name),
);

export async function findContractOfCustomer(
  executor: Executor,
  customerId: number,
  contractId: number,
) {
  const [contract] = await selectContractOfCustomer(executor, { customerId, contractId });
  return contract;
}

/** All of the customer's contracts, by id. */
export function listContractsOfCustomer(executor: Executor, customerId: number) {
  return executor
    .select()
    .from(contracts)
    .where(eq(contracts.customerId, customerId))
    .orderBy(asc(contracts.id));
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
