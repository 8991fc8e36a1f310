import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import { sealBody } from './sealed-body';

export type MailKind =
  | 'ABLESUNG_BESTAETIGUNG'
  | 'KONTAKTANFRAGE'
  | 'KONTAKTANFRAGE_KOPIE'
  | 'PASSWORT_RESET'
  | 'PASSWORT_GEAENDERT'
  | 'EMAIL_BESTAETIGEN'
  | 'EMAIL_AENDERUNG_HINWEIS';

export interface OutgoingMail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

/**
 * Puts a mail into the outbox, its bodies sealed with the mail key (sealed-body.ts). Services
 * call it as `mailer.enqueue` inside the transaction of the change that causes the mail, then
 * `mailer.kick()` after the commit.
 */
export async function enqueueMail(
  executor: Executor,
  key: Buffer,
  mail: OutgoingMail,
): Promise<void> {
  await executor.insert(mailOutbox).values({
    kind: mail.kind,
    recipient: mail.to,
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    textBody: sealBody(key, mail.text),
    htmlBody: sealBody(key, mail.html),
    // Due at once, whatever the clock of the instance that sends it says.
    nextAttemptAt: new Date(0),
  });
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Claims due mails for one delivery attempt by moving their next attempt past the lease, so
 * that another instance does not send them at the same time.
 */
export async function claimDueMails(
  executor: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<OutboxRow[]> {
  const due = executor
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return executor
    .update(mailOutbox)
    .set({ nextAttemptAt: leaseUntil, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markSent(executor: Executor, id: number, now: Date): Promise<void> {
  await executor
    .update(mailOutbox)
    .set({ sentAt: now, textBody: '', htmlBody: '', lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markFailed(
  executor: Executor,
  id: number,
  error: string,
  retryAt: Date,
): Promise<void> {
  await executor
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 500), nextAttemptAt: retryAt })
    .where(eq(mailOutbox.id, id));
}

/** The mails not sent yet and the age of the oldest in seconds (by the database's clock). */
export async function unsentMails(executor: Executor) {
  const [row] = await executor
    .select({
      count: sql<number>`count(*)::int`,
      oldestSeconds: sql<
        number | null
      >`extract(epoch from now() - min(${mailOutbox.createdAt}))::float8`,
    })
    .from(mailOutbox)
    .where(isNull(mailOutbox.sentAt));
  return { count: row?.count ?? 0, oldestSeconds: row?.oldestSeconds ?? 0 };
}
