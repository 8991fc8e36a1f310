import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { purgeExpiredAuditRows, purgeExpiredOperatorAudit } from '../audit/retention';
import { purgeExpiredFeedEntries } from '../change-feed/retention';
import { deleteEndedResetTokens } from '../password-reset/repo';
import { deleteClosedWindows } from '../../lib/rate-limits';
import { deleteOldKeys } from '../readings/idempotency';
import { deleteExpiredSessions } from './repo';

const HOUR_MS = 3_600_000;

/**
 * Ended sessions, reset links and closed throttling windows (nothing reads them any more), and
 * audit rows and change feed entries past their retention, and readings' idempotency keys older
 * than a week.
 */
export async function purgeAuthLeftovers(db: Database, config: AppConfig) {
  const now = config.now();
  await deleteExpiredSessions(db, now);
  await deleteEndedResetTokens(db, now);
  await deleteClosedWindows(db, now);
  await purgeExpiredAuditRows(db, now);
  await purgeExpiredOperatorAudit(db, now, config.operatorRetentionDays);
  await purgeExpiredFeedEntries(db, now, config.operatorRetentionDays);
  await deleteOldKeys(db, now);
}

/** Purges now and every hour; answers a stop. */
export function startAuthHousekeeping(db: Database, config: AppConfig, log: FastifyBaseLogger) {
  const run = () =>
    purgeAuthLeftovers(db, config).catch((error: unknown) => {
      log.error({ err: error }, 'auth housekeeping failed');
    });
  void run();
  const timer = setInterval(() => void run(), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
