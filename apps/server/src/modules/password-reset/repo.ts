import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { at } from '../../db/sql';
import { passwordResetTokens } from '../../db/schema/index';

export async function insertResetToken(
  executor: Executor,
  token: { tokenHash: string; customerId: number; expiresAt: Date },
) {
  await executor.insert(passwordResetTokens).values(token);
}

/** The customer of a token that is unused and not expired, or undefined. */
export async function findUsableToken(executor: Executor, tokenHash: string, now: Date) {
  const [row] = await executor
    .select({ customerId: passwordResetTokens.customerId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        sql`${passwordResetTokens.expiresAt} > ${at(now)}`,
      ),
    );
  return row;
}

/**
 * Uses the token up, with every other open token of its customer, in one statement; answers the
 * customer only if the token was still usable, so that two parallel uses cannot both succeed.
 */
export async function useUpTokens(executor: Executor, tokenHash: string, now: Date) {
  const usable = await executor
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        sql`${passwordResetTokens.expiresAt} > ${at(now)}`,
      ),
    )
    .returning({ customerId: passwordResetTokens.customerId });
  const customerId = usable[0]?.customerId;
  if (customerId === undefined) return undefined;
  await executor
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.customerId, customerId), isNull(passwordResetTokens.usedAt)));
  return customerId;
}

/** Links past their hour, used or not: the hash alone says nothing once it cannot be used. */
export async function deleteEndedResetTokens(executor: Executor, now: Date) {
  await executor
    .delete(passwordResetTokens)
    .where(sql`${passwordResetTokens.expiresAt} <= ${at(now)}`);
}

/** Every open link of the customer ends: after a password or e-mail change none may be used. */
export async function endOpenResetTokens(executor: Executor, customerId: number, now: Date) {
  await executor
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.customerId, customerId), isNull(passwordResetTokens.usedAt)));
}
