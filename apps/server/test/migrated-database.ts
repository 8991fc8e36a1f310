import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openDatabase } from '../src/db/client';
import { createScratchDatabase } from '../src/db/scratch-database';
import * as schema from '../src/db/schema/index';

/**
 * The migrated, empty database every test starts from, made once instead of per test server:
 * PGlite's initdb and the migrations take seconds each time on a busy machine, loading their
 * kept result or copying a template database a fraction of it. The migrations themselves still
 * run on every test server (openDatabase().migrate()), finding nothing left to do.
 */

const MIGRATIONS = fileURLToPath(new URL('../src/db/migrations/', import.meta.url));
/** PGlite's package.json (not among its exports): a dump is only good for its own version. */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version: string;
      };
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    } catch {
      // no package.json here
    }
    if (dirname(dir) === dir) throw new Error('@electric-sql/pglite: package.json not found');
    dir = dirname(dir);
  }
}

/** The dump's file in the system's temp directory, one per migration set and PGlite version. */
function dumpFile(): string {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const name of readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith('.sql'))
    .sort())
    hash.update(name).update(readFileSync(join(MIGRATIONS, name)));
  return join(tmpdir(), `kundenportal-empty-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** PGlite's data directory after the migrations, for `new PGlite({ loadDataDir })`. */
export async function migratedPgliteDump(): Promise<Blob> {
  const file = dumpFile();
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const fresh = new PGlite();
    await migrate(drizzle(fresh, { schema }), { migrationsFolder: MIGRATIONS });
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    // written whole under another name first: a test file starting in parallel reads all or nothing
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  }
}

/**
 * A migrated database on the PostgreSQL server of `adminUrl`, for `CREATE DATABASE … TEMPLATE`:
 * made by the test run's global setup, dropped at its end. Nobody connects to it meanwhile
 * (PostgreSQL copies no database that has sessions).
 */
export async function createPostgresTemplate(adminUrl: string) {
  const template = await createScratchDatabase(adminUrl, 'kundenportal_template');
  const database = openDatabase({ url: template.url });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return { name: new URL(template.url).pathname.slice(1), drop: () => template.drop() };
}
