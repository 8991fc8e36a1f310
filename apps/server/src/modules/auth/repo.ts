import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { at } from '../../db/sql';
import { customers, loginAttempts, sessions } from '../../db/schema/index';

export async function findCustomerByNumber(executor: Executor, kundennummer: string) {
  const [customer] = await executor
    .select()
    .from(customers)
    .where(eq(customers.kundennummer, kundennummer));
  return customer;
}

export async function insertSession(
  executor: Executor,
  tokenHash: string,
  customerId: number,
  expiresAt: Date,
) {
  await executor.insert(sessions).values({ tokenHash, customerId, expiresAt });
}

/** The live session of a token, with its customer's number. */
export async function findLiveSession(executor: Executor, tokenHash: string, now: Date) {
  const [session] = await executor
    .select({
      customerId: sessions.customerId,
      kundennummer: customers.kundennummer,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(eq(sessions.tokenHash, tokenHash), sql`${sessions.expiresAt} > ${at(now)}`));
  return session;
}

export async function extendSession(executor: Executor, tokenHash: string, expiresAt: Date) {
  await executor.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(executor: Executor, tokenHash: string) {
  await executor.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionsOfCustomer(executor: Executor, customerId: number) {
  await executor.delete(sessions).where(eq(sessions.customerId, customerId));
}

export async function deleteExpiredSessions(executor: Executor, now: Date) {
  await executor.delete(sessions).where(sql`${sessions.expiresAt} <= ${at(now)}`);
}

export async function updatePassword(executor: Executor, customerId: number, passwordHash: string) {
  await executor
    .update(customers)
    .set({ passwordHash, mustChangePassword: false })
    .where(eq(customers.id, customerId));
}

/** Failures counted for a key in the window that is still open. */
export async function countRecentFailures(executor: Executor, key: string, since: Date) {
  const [row] = await executor
    .select({ failures: loginAttempts.failures })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), sql`${loginAttempts.windowStart} > ${at(since)}`));
  return row?.failures ?? 0;
}

/** One atomic upsert, so that concurrent instances never lose a count. */
export async function recordFailure(
  executor: Executor,
  key: string,
  now: Date,
  windowStartedBefore: Date,
) {
  await executor
    .insert(loginAttempts)
    .values({ key, windowStart: now, failures: 1 })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${loginAttempts.windowStart} <= ${at(windowStartedBefore)} then 1 else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${loginAttempts.windowStart} <= ${at(windowStartedBefore)} then ${at(now)} else ${loginAttempts.windowStart} end`,
      },
    });
}

export async function clearFailures(executor: Executor, key: string) {
  await executor.delete(loginAttempts).where(eq(loginAttempts.key, key));
}
