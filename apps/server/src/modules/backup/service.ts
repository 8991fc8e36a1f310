import type { Database } from '../../db/client';
import { openBackup } from './dump';

/** The backup as the operator port streams it. */
export function createBackupService(db: Database) {
  return { open: () => openBackup(db) };
}
export type BackupService = ReturnType<typeof createBackupService>;
