import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { digestSettings, tableDigests as digestsOf } from '../src/db/table-digests';

/**
 * A digest of every table of the public schema, by name: the tables that hold rows, so each
 * partition of a partitioned table on its own (the parent holds none of its own).
 */
export async function tableDigests(
  db: Database,
  excluded: readonly string[] = [],
): Promise<Record<string, string>> {
  // In a transaction: the session's settings stay with it, not with a pooled connection.
  const digests = await db.transaction(async (tx) => {
    const run = async (text: string) => {
      const result: unknown = await tx.execute(sql.raw(text));
      return (result as { rows: Record<string, unknown>[] }).rows;
    };
    await run(digestSettings(true));
    return digestsOf(run, excluded);
  });
  return Object.fromEntries(
    [...digests].map(([name, digest]) => [name, `${digest.rows}:${digest.hash}`]),
  );
}
