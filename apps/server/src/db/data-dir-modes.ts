import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Gives a directory tree to this user alone, as PostgreSQL insists on for its own: folders 0700,
 * files 0600 (PGlite writes many 0666, catalogs and pg_hba.conf among them). Answers how many
 * entries it corrected.
 */
export function secureDataDir(dir: string): number {
  if (!existsSync(dir)) return 0;
  let corrected = 0;
  const visit = (path: string) => {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) return;
    const wanted = stats.isDirectory() ? 0o700 : 0o600;
    if ((stats.mode & 0o777) !== wanted) {
      chmodSync(path, wanted);
      corrected++;
    }
    if (stats.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  visit(dir);
  return corrected;
}
