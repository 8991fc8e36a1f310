import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { migrationsFolder } from '../../paths';
import type { SchemaVersion } from './file-format';

interface JournalEntry {
  tag: string;
  when: number;
}

const journal = (): JournalEntry[] =>
  (
    JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The newest migration this code knows: a backup of a later one cannot be restored by it. */
export function newestKnownMigration(): JournalEntry {
  const entries = journal();
  return entries[entries.length - 1]!;
}

/**
 * The last migration applied to the database, from drizzle's own table (its `created_at` is
 * the journal's `when`); undefined for a database no migration has run on.
 */
export async function schemaVersionOf(db: Executor): Promise<SchemaVersion | undefined> {
  const [table] = await rows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return undefined;
  const [row] = await rows<{ hash: string; created_at: string | number }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!row) return undefined;
  const createdAt = Number(row.created_at);
  const tag = journal().find((entry) => entry.when === createdAt)?.tag ?? 'unbekannt';
  return { tag, hash: row.hash, createdAt };
}
