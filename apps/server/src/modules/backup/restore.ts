import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { openDatabase } from '../../db/client';
import { startClientTool } from './engine';
import { readHeader, type BackupManifest, type SchemaVersion } from './file-format';
import { newestKnownMigration, schemaVersionOf } from './schema-version';

/** Where a backup goes: PGlite's directory (DATA_DIR/pgdata) or an empty PostgreSQL database. */
export type RestoreTarget = { dataDir: string } | { url: string };

/** A restore that was not begun, with the German reason for the operator. */
export class RestoreRefused extends Error {}

/** The tables, views and sequences of a database outside PostgreSQL's own schemas. */
async function relationsIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(
      `select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
    );
    return Number(result.rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

function refuseUnfit(manifest: BackupManifest, target: RestoreTarget) {
  if (manifest.kind === 'pglite' && 'url' in target)
    throw new RestoreRefused(
      'Die Sicherung stammt aus der eingebetteten Datenbank (PGlite) und lässt sich nur in ein leeres DATA_DIR zurückspielen. Für PostgreSQL: ohne DATABASE_URL in ein leeres DATA_DIR zurückspielen, dann npm run move-to-postgres.',
    );
  if (manifest.kind === 'postgres' && 'dataDir' in target)
    throw new RestoreRefused(
      'Die Sicherung stammt aus PostgreSQL und lässt sich nur in eine leere PostgreSQL-Datenbank zurückspielen: bitte DATABASE_URL setzen.',
    );
  const newest = newestKnownMigration();
  if (manifest.schema.createdAt > newest.when)
    throw new RestoreRefused(
      `Die Sicherung hat den Datenbankstand ${manifest.schema.tag}, diese Version des Kundenportals kennt nur bis ${newest.tag}. Bitte mit der Version zurückspielen, die die Sicherung geschrieben hat, oder einer neueren.`,
    );
}

async function refuseNonEmpty(target: RestoreTarget) {
  if ('dataDir' in target) {
    if (existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0)
      throw new RestoreRefused(
        `Das Ziel ${target.dataDir} ist nicht leer. Eine Sicherung wird nur in ein leeres DATA_DIR zurückgespielt, damit nichts überschrieben wird: bitte ein neues DATA_DIR angeben oder das alte zuvor beiseitelegen.`,
      );
    return;
  }
  if ((await relationsIn(target.url)) > 0)
    throw new RestoreRefused(
      'Die Datenbank aus DATABASE_URL ist nicht leer. Eine Sicherung wird nur in eine leere Datenbank zurückgespielt, damit nichts überschrieben wird: bitte eine neue Datenbank anlegen (createdb) und deren Adresse angeben.',
    );
}

/**
 * Restores a backup file into an empty target, then runs the migrations this code has and the
 * backup not yet. Refuses (RestoreRefused) a target that holds anything, a backup of the other
 * database kind, and one of a newer schema.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
): Promise<{ manifest: BackupManifest; schema: SchemaVersion | undefined }> {
  const { manifest, payloadOffset } = await readHeader(file);
  refuseUnfit(manifest, target);
  await refuseNonEmpty(target);
  let database;
  if ('dataDir' in target) {
    const tarball = (await readFile(file)).subarray(payloadOffset);
    database = openDatabase({ dataDir: target.dataDir, loadDataDir: new Blob([tarball]) });
  } else {
    const { child, finished } = await startClientTool('pg_restore', target.url, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
    ]);
    const [piped, restored] = await Promise.allSettled([
      pipeline(createReadStream(file, { start: payloadOffset }), child.stdin),
      finished,
    ]);
    // pg_restore's own message says why, not the broken pipe it left behind.
    if (restored.status === 'rejected') throw restored.reason;
    if (piped.status === 'rejected') throw piped.reason;
    database = openDatabase({ url: target.url });
  }
  try {
    await database.migrate();
    return { manifest, schema: await schemaVersionOf(database.db) };
  } finally {
    await database.close();
  }
}
