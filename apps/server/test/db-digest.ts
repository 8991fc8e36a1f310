import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

async function rows<T>(db: Database, query: ReturnType<typeof sql>) {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * An md5 of every table of the public schema, by name: the tables that hold rows, so each
 * partition of a partitioned table on its own (the parent holds none of its own).
 */
export async function tableDigests(
  db: Database,
  excluded: readonly string[] = [],
): Promise<Record<string, string>> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    if (excluded.includes(name)) continue;
    const [row] = await rows<{ digest: string | null }>(
      db,
      sql`select md5(string_agg(t::text, '' order by t::text)) as digest from ${sql.identifier(name)} t`,
    );
    digests[name] = row?.digest ?? 'leer';
  }
  return digests;
}
