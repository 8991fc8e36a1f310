import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { at } from '../../db/sql';
import { customers, emailChanges } from '../../db/schema/index';

export async function insertEmailChange(
  executor: Executor,
  change: {
    customerId: number;
    oldEmail: string | null;
    newEmail: string;
    confirmTokenHash: string;
    revokeTokenHash: string;
    confirmBy: Date;
    revokeBy: Date;
  },
) {
  await executor.insert(emailChanges).values(change);
}

/**
 * Changes not yet confirmed end: only the newest address asked for can be confirmed, and a new
 * password ends them all. Answers whether one was open.
 */
export async function endUnconfirmedChanges(executor: Executor, customerId: number, now: Date) {
  const ended = await executor
    .update(emailChanges)
    .set({ endedAt: now })
    .where(
      and(
        eq(emailChanges.customerId, customerId),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.endedAt),
      ),
    )
    .returning({ id: emailChanges.id });
  return ended.length > 0;
}

/** The address waiting for its confirmation, if any. */
export async function findPendingChange(executor: Executor, customerId: number, now: Date) {
  const [row] = await executor
    .select({ newEmail: emailChanges.newEmail, confirmBy: emailChanges.confirmBy })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.customerId, customerId),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.endedAt),
        sql`${emailChanges.confirmBy} > ${at(now)}`,
      ),
    )
    .orderBy(sql`${emailChanges.id} desc`)
    .limit(1);
  return row;
}

/** Confirms an open change by its link, once: answers the change, or undefined. */
export async function confirmByToken(executor: Executor, tokenHash: string, now: Date) {
  const [row] = await executor
    .update(emailChanges)
    .set({ confirmedAt: now })
    .where(
      and(
        eq(emailChanges.confirmTokenHash, tokenHash),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.endedAt),
        sql`${emailChanges.confirmBy} > ${at(now)}`,
      ),
    )
    .returning({ customerId: emailChanges.customerId, newEmail: emailChanges.newEmail });
  return row;
}

/** Takes a change back by the old address's link, confirmed or not, once. */
export async function revokeByToken(executor: Executor, tokenHash: string, now: Date) {
  const [row] = await executor
    .update(emailChanges)
    .set({ endedAt: now })
    .where(
      and(
        eq(emailChanges.revokeTokenHash, tokenHash),
        isNull(emailChanges.endedAt),
        sql`${emailChanges.revokeBy} > ${at(now)}`,
      ),
    )
    .returning({
      id: emailChanges.id,
      customerId: emailChanges.customerId,
      oldEmail: emailChanges.oldEmail,
      newEmail: emailChanges.newEmail,
      confirmedAt: emailChanges.confirmedAt,
    });
  return row;
}

export async function setEmail(executor: Executor, customerId: number, email: string | null) {
  await executor.update(customers).set({ email }).where(eq(customers.id, customerId));
}

export async function emailOf(executor: Executor, customerId: number) {
  const [row] = await executor
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.email ?? null;
}

/**
 * A revoke ends what came after the revoked change and everything still unconfirmed: answers
 * whether any of the ended later changes had been confirmed (the address they set is undone too).
 */
export async function endLaterAndUnconfirmedChanges(
  executor: Executor,
  customerId: number,
  afterId: number,
  now: Date,
) {
  const ended = await executor
    .update(emailChanges)
    .set({ endedAt: now })
    .where(
      and(
        eq(emailChanges.customerId, customerId),
        isNull(emailChanges.endedAt),
        or(gt(emailChanges.id, afterId), isNull(emailChanges.confirmedAt)),
      ),
    )
    .returning({ id: emailChanges.id, confirmedAt: emailChanges.confirmedAt });
  return ended.some((row) => row.id > afterId && row.confirmedAt !== null);
}

/** The addresses whose "Das war ich nicht" link is still open: they hear of every later change. */
export async function addressesWithOpenRevoke(executor: Executor, customerId: number, now: Date) {
  const rows = await executor
    .select({ oldEmail: emailChanges.oldEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.customerId, customerId),
        isNull(emailChanges.endedAt),
        isNotNull(emailChanges.oldEmail),
        sql`${emailChanges.revokeBy} > ${at(now)}`,
      ),
    );
  return rows.flatMap((row: { oldEmail: string | null }) => (row.oldEmail ? [row.oldEmail] : []));
}
