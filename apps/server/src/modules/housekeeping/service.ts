import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { purgeExpiredAuditRows, purgeExpiredOperatorAudit } from '../audit/retention';
import { purgeExpiredFeedEntries } from '../change-feed/retention';
import { deleteExpiredSessions } from '../auth/repo';
import { deleteEndedResetTokens } from '../password-reset/repo';
import { deleteClosedWindows } from '../../lib/rate-limits';
import { deleteOldKeys } from '../readings/idempotency';

const HOUR_MS = 3_600_000;

/**
 * The rows nothing reads any more: ended sessions, reset links and closed throttling windows,
 * audit rows and change feed entries past their retention, and readings' idempotency keys older
 * than a week. Each is its own module's delete; this module only runs them, hourly.
 */
export async function purgeLeftovers(db: Database, config: AppConfig) {
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
export function startHousekeeping(db: Database, config: AppConfig, log: FastifyBaseLogger) {
  const run = () =>
    purgeLeftovers(db, config).catch((error: unknown) => {
      log.error({ err: error }, 'housekeeping failed');
    });
  void run();
  const timer = setInterval(() => void run(), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
