import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { engineOf, startClientTool } from './engine';
import { headerOf, type BackupManifest } from './file-format';
import { schemaVersionOf } from './schema-version';

export interface Backup {
  manifest: BackupManifest;
  /** The whole backup file: header, then the dump. Errors if the dump fails midway. */
  stream: Readable;
}

/** "PostgreSQL 17.5": the version whose files or dump format the backup holds. */
async function serverVersion(db: Database): Promise<string> {
  const result: unknown = await db.execute(sql`select version() as version`);
  const [row] = (result as { rows: { version: string }[] }).rows;
  return row?.version.split(' on ')[0] ?? 'PostgreSQL';
}

/**
 * A consistent backup of the whole database while it keeps serving (docs/operations.md,
 * "Backup and restore"). PGlite: its data directory as a tarball, copied while no query runs
 * (PGlite runs one at a time), after a checkpoint; a transaction open at that moment is not
 * committed in it and is rolled back when the copy is opened, as after a crash. PostgreSQL:
 * pg_dump, which reads one snapshot. Either way every write answered before the call is in it.
 */
export async function openBackup(db: Database, now = new Date()): Promise<Backup> {
  const engine = engineOf(db);
  const schema = await schemaVersionOf(db);
  if (!schema) throw new Error('backup: the database has no migrations applied');
  const version = await serverVersion(db);
  if (engine.kind === 'pglite') {
    // The copy then holds the pages themselves, not a long WAL to replay at the restore.
    await engine.pglite.exec('checkpoint');
    const tarball = Buffer.from(await (await engine.pglite.dumpDataDir('gzip')).arrayBuffer());
    const manifest: BackupManifest = {
      kind: 'pglite',
      schema,
      createdAt: now.toISOString(),
      engine: `PGlite (${version})`,
      payload: 'pglite-datadir.tar.gz',
    };
    return { manifest, stream: Readable.from([headerOf(manifest), tarball]) };
  }
  const manifest: BackupManifest = {
    kind: 'postgres',
    schema,
    createdAt: now.toISOString(),
    engine: version,
    payload: 'pg_dump-custom',
  };
  const { child, finished } = await startClientTool('pg_dump', engine.url, ['--format=custom']);
  child.stdin.end();
  async function* file() {
    yield headerOf(manifest);
    yield* child.stdout;
    await finished;
  }
  return { manifest, stream: Readable.from(file()) };
}
