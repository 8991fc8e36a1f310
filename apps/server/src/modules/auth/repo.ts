import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { at } from '../../db/sql';
import { customers, sessions } from '../../db/schema/index';
import { answerVersionOfSession } from '../../db/answer-versions';

export async function findCustomerByNumber(executor: Executor, kundennummer: string) {
  const [customer] = await executor
    .select()
    .from(customers)
    .where(eq(customers.kundennummer, kundennummer));
  return customer;
}

/** createdAt is the login's time: the session's absolute end counts from it. */
export async function findCustomerById(executor: Executor, customerId: number) {
  const [customer] = await executor.select().from(customers).where(eq(customers.id, customerId));
  return customer;
}

export async function insertSession(
  executor: Executor,
  session: { tokenHash: string; customerId: number; createdAt: Date; expiresAt: Date },
) {
  await executor.insert(sessions).values(session);
}

/**
 * The sessions of the given tokens with their stored expiries, read only: the hot path of every
 * authenticated call, asked for the requests of one turn at once (db/batched-reads.ts). Whether
 * a session is still live, and the customer's, the caller decides. The customer's answer version
 * comes along, which tells whether an answer kept in memory is still theirs to send. Nothing
 * else: on a PostgreSQL server this query runs for every call, and the customer's row and
 * contract ids it once brought for GET /anschlussnutzer (whose answer is kept now) cost some
 * 15 % of the answers a second at 16 connections (measured, builds alternately).
 */
const selectSessions = preparedQuery('find_sessions', (executor, name) =>
  executor
    .select({
      tokenHash: sessions.tokenHash,
      customerId: sessions.customerId,
      kundennummer: customers.kundennummer,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      answerVersion: answerVersionOfSession,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`)
    .prepare(name),
);

export function findSessions(executor: Executor, tokenHashes: string[]) {
  return selectSessions(executor, { tokenHashes });
}

/** Moves a live session's expiry; a session ended meanwhile stays ended. */
export async function renewSession(
  executor: Executor,
  input: { tokenHash: string; now: Date; expiresAt: Date },
) {
  await executor
    .update(sessions)
    .set({ expiresAt: input.expiresAt })
    .where(
      and(eq(sessions.tokenHash, input.tokenHash), sql`${sessions.expiresAt} > ${at(input.now)}`),
    );
}

export async function deleteSession(executor: Executor, tokenHash: string) {
  await executor.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Every session of the customer, but the one named to keep. */
export async function deleteSessionsOfCustomer(
  executor: Executor,
  customerId: number,
  keepTokenHash?: string,
) {
  await executor
    .delete(sessions)
    .where(
      and(
        eq(sessions.customerId, customerId),
        keepTokenHash === undefined ? undefined : ne(sessions.tokenHash, keepTokenHash),
      ),
    );
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

/** Ends the customer's sessions but the newest `keep`, by the time of their login. */
export async function keepNewestSessions(executor: Executor, customerId: number, keep: number) {
  await executor.execute(sql`
    delete from sessions where customer_id = ${customerId} and token_hash not in (
      select token_hash from sessions where customer_id = ${customerId}
       order by created_at desc, token_hash limit ${keep})`);
}
