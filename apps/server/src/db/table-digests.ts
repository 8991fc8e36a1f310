import { createHash } from 'node:crypto';

/** Runs one statement and answers its rows: PGlite's, pg's or a drizzle transaction's. */
export type RunSql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface TableDigest {
  rows: number;
  /** An md5 of the sum of the rows' md5s: the same rows in any order give the same digest. */
  hash: string;
}

/**
 * A row's text depends on the session (time zone, date and float output): set the same on each
 * side before digests of two databases are compared. `local` for inside a transaction.
 */
export const digestSettings = (local: boolean) =>
  `select ${[
    ['TimeZone', 'UTC'],
    ['DateStyle', 'ISO, YMD'],
    ['IntervalStyle', 'postgres'],
    ['extra_float_digits', '1'],
    ['bytea_output', 'hex'],
  ]
    .map(([name, value]) => `set_config('${name}', '${value}', ${local})`)
    .join(', ')}`;

/** The tables of the public schema that hold rows: each partition on its own, never a parent. */
async function rowTables(run: RunSql): Promise<string[]> {
  const rows = await run(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  return rows.map((row) => String(row.name));
}

/**
 * The row count and an order-independent hash of every table: the sum of the rows' md5s (as two
 * 64-bit halves) streams through the table without sorting it, so a table of many millions of
 * rows costs a scan, not a sort of its text.
 */
export async function tableDigests(
  run: RunSql,
  excluded: readonly string[] = [],
): Promise<Map<string, TableDigest>> {
  const digests = new Map<string, TableDigest>();
  for (const name of await rowTables(run)) {
    if (excluded.includes(name)) continue;
    const [row] = await run(
      `select count(*)::text as rows,
              coalesce(sum(('x' || substr(h, 1, 16))::bit(64)::bigint::numeric), 0)::text as high,
              coalesce(sum(('x' || substr(h, 17, 16))::bit(64)::bigint::numeric), 0)::text as low
         from (select md5(t::text) as h from "${name.replaceAll('"', '""')}" t) rows`,
    );
    digests.set(name, {
      rows: Number(row?.rows),
      hash: createHash('md5')
        .update(`${String(row?.high)}:${String(row?.low)}`)
        .digest('hex'),
    });
  }
  return digests;
}
