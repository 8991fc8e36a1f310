import { and, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { at } from '../../db/sql';
import { auditLog, operatorAudit } from '../../db/schema/index';
import type { AuditAction } from './repo';

/**
 * How long audit rows are kept (GDPR Art. 5(1)(e)): sign-in events serve only to trace an attack
 * on an account; changes of contracts, bank details, addresses and contact data are business
 * correspondence, kept as long as § 257 HGB keeps commercial letters.
 */
export const AUDIT_RETENTION = {
  signInEvents: ['ANMELDUNG', 'ANMELDUNG_FEHLGESCHLAGEN', 'PASSWORT_RESET_ANGEFORDERT'],
  signInEventDays: 90,
  changeYears: 6,
} as const satisfies {
  signInEvents: readonly AuditAction[];
  signInEventDays: number;
  changeYears: number;
};

const DAY_MS = 86_400_000;

/** Deletes the audit rows past their retention; answers how many went. */
export async function purgeExpiredAuditRows(executor: Executor, now: Date): Promise<number> {
  const signInEvents = [...AUDIT_RETENTION.signInEvents];
  const signInBefore = new Date(now.getTime() - AUDIT_RETENTION.signInEventDays * DAY_MS);
  const changesBefore = new Date(now);
  changesBefore.setUTCFullYear(changesBefore.getUTCFullYear() - AUDIT_RETENTION.changeYears);
  const signIns = await executor
    .delete(auditLog)
    .where(
      and(inArray(auditLog.action, signInEvents), sql`${auditLog.createdAt} < ${at(signInBefore)}`),
    )
    .returning({ id: auditLog.id });
  const changes = await executor
    .delete(auditLog)
    .where(
      and(
        notInArray(auditLog.action, signInEvents),
        sql`${auditLog.createdAt} < ${at(changesBefore)}`,
      ),
    )
    .returning({ id: auditLog.id });
  return signIns.length + changes.length;
}

/** Deletes the operator interface's audit rows older than `days`; answers how many went. */
export async function purgeExpiredOperatorAudit(
  executor: Executor,
  now: Date,
  days: number,
): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  const gone = await executor
    .delete(operatorAudit)
    .where(sql`${operatorAudit.createdAt} < ${at(before)}`)
    .returning({ id: operatorAudit.id });
  return gone.length;
}
