import { sql } from 'drizzle-orm';
import type { Executor } from './client';
import { answerVersions, sessions } from './schema/index';

/** The scope of a change that names no customer (a login, an operator's import). */
const EVERYONE = 0;

/**
 * The customer's answer version as a column beside the session: the sum of their changes and
 * everyone's. Both only grow, so the sum moves whenever either does.
 */
export const answerVersionOfSession = sql<string>`(
  select coalesce(sum(v.version), 0)::text from ${answerVersions} v
   where v.scope in (0, ${sessions}.customer_id)
)`;

/** Counts a change of the customer's data, or of everyone's without one. */
export async function countAnswerChange(executor: Executor, customerId: number | undefined) {
  const scope = customerId ?? EVERYONE;
  await executor
    .insert(answerVersions)
    .values({ scope, version: 1 })
    .onConflictDoUpdate({
      target: answerVersions.scope,
      set: { version: sql`${answerVersions.version} + 1` },
    });
}
