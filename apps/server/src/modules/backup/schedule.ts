import { readdir, rename, rm, stat } from 'node:fs/promises';
import { chmodSync, createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupScheduleConfig } from '../../config';
import type { Database } from '../../db/client';
import { openBackup } from './dump';

/** kundenportal-20261126T063000123Z.backup: sorts by time as text. */
const NAME = /^kundenportal-\d{8}T\d{9}Z\.backup$/;
const nameAt = (when: Date) => `kundenportal-${when.toISOString().replace(/[-:.]/g, '')}.backup`;

/**
 * Writes one backup into the directory under a temporary name, renames it when complete (a
 * file with the final name is always a whole backup), then deletes all but the newest `keep`.
 */
export async function writeScheduledBackup(
  db: Database,
  config: BackupScheduleConfig,
  now: Date,
): Promise<string> {
  // A backup holds password hashes, IBANs and photos: for this user alone.
  mkdirSync(config.dir, { recursive: true, mode: 0o700 });
  chmodSync(config.dir, 0o700);
  const name = nameAt(now);
  const file = join(config.dir, name);
  const temporary = join(config.dir, `.${name}.tmp`);
  try {
    const backup = await openBackup(db, now);
    await pipeline(backup.stream, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  const backups = (await readdir(config.dir)).filter((entry) => NAME.test(entry)).sort();
  for (const old of backups.slice(0, Math.max(0, backups.length - config.keep)))
    await rm(join(config.dir, old), { force: true });
  return file;
}

/** When the newest backup in the directory was written; undefined when there is none. */
async function newestBackupTime(dir: string): Promise<number | undefined> {
  const backups = (await readdir(dir).catch(() => [] as string[])).filter((entry) =>
    NAME.test(entry),
  );
  const times = await Promise.all(
    backups.map(async (entry) => (await stat(join(dir, entry))).mtimeMs),
  );
  return times.length > 0 ? Math.max(...times) : undefined;
}

/**
 * A backup every `everyHours`, counted from the newest one in the directory, so that restarts
 * neither skip one nor add one. A failed backup is logged and tried again at the next time; it
 * never stops the server. Answers a stop.
 */
export function startBackupSchedule(
  db: Database,
  config: BackupScheduleConfig,
  log: FastifyBaseLogger,
  now: () => Date,
) {
  const intervalMs = config.everyHours * 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const plan = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => void run(), Math.max(0, delayMs));
    timer.unref();
  };
  async function run() {
    const started = Date.now();
    try {
      const file = await writeScheduledBackup(db, config, now());
      const { size } = await stat(file);
      log.info({ file, bytes: size, ms: Date.now() - started }, 'backup written');
    } catch (error) {
      log.error({ err: error, dir: config.dir }, 'backup failed');
    }
    plan(intervalMs);
  }
  void newestBackupTime(config.dir).then((newest) =>
    plan(newest === undefined ? 0 : newest + intervalMs - Date.now()),
  );
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
