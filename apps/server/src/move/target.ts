import type { RunSql } from '../db/table-digests';
import { quoteIdent, type Partition } from './catalog';

/** A refusal the operator can act on: the CLI prints its German message, without a stack. */
export class MoveRefused extends Error {}

/** The tables of the target that hold a row, outside PostgreSQL's own schemas and drizzle's log. */
async function tablesWithRows(run: RunSql): Promise<string[]> {
  const tables = await run(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
        and n.nspname not like 'pg\\_%'
      order by 1, 2`,
  );
  const filled: string[] = [];
  for (const table of tables) {
    const name = `${quoteIdent(String(table.schema))}.${quoteIdent(String(table.name))}`;
    const [row] = await run(`select exists (select from ${name}) as filled`);
    if (row?.filled === true) filled.push(String(table.name));
  }
  return filled;
}

export async function refuseFilledTarget(run: RunSql) {
  const filled = await tablesWithRows(run);
  if (filled.length === 0) return;
  const shown = filled.slice(0, 5).join(', ') + (filled.length > 5 ? ', …' : '');
  throw new MoveRefused(
    `Die Zieldatenbank ist nicht leer (Zeilen in: ${shown}). Der Umzug schreibt nur in eine ` +
      `leere PostgreSQL-Datenbank, etwa eine mit „createdb“ neu angelegte; er überschreibt nichts.`,
  );
}

/** The source's partitions the target lacks, with the same bounds. */
export async function createPartitions(run: RunSql, partitions: Partition[]) {
  for (const partition of partitions) {
    await run(
      `create table if not exists ${quoteIdent(partition.name)} partition of ${quoteIdent(partition.parent)} ${partition.bound}`,
    );
  }
}

/**
 * Drops the target's foreign keys until restore() adds them again: checked once per key over
 * the copied rows instead of once per row, which for millions of hourly rows is many times
 * faster. Needs no more right than owning the tables (no superuser's replication role).
 */
export async function suspendForeignKeys(run: RunSql): Promise<{ restore(): Promise<void> }> {
  const keys = await run(
    `select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
       from pg_constraint k join pg_class c on c.oid = k.conrelid
      where k.contype = 'f' and k.conparentid = 0 and k.connamespace = 'public'::regnamespace
      order by 1, 2`,
  );
  for (const key of keys)
    await run(
      `alter table ${quoteIdent(String(key.table))} drop constraint ${quoteIdent(String(key.name))}`,
    );
  return {
    async restore() {
      for (const key of keys)
        await run(
          `alter table ${quoteIdent(String(key.table))} add constraint ${quoteIdent(String(key.name))} ${String(key.definition)}`,
        );
    },
  };
}

/** The source's sequence states, by name (unset: never called). */
export async function sequenceStates(run: RunSql): Promise<Map<string, string | undefined>> {
  const rows = await run(
    `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
  );
  return new Map(rows.map((row) => [String(row.name), (row.value as string | null) ?? undefined]));
}

/**
 * Sets each sequence of the target as far as the source's, and at least past the largest id
 * copied into the column it feeds, so that the next row gets a new id.
 */
export async function setSequences(run: RunSql, source: Map<string, string | undefined>) {
  const owned = await run(
    `select s.relname as sequence, t.relname as table, a.attname as column
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
                       and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace`,
  );
  for (const row of owned) {
    const sequence = String(row.sequence);
    const [max] = await run(
      `select max(${quoteIdent(String(row.column))})::text as value from ${quoteIdent(String(row.table))}`,
    );
    const values = [source.get(sequence), (max?.value as string | null | undefined) ?? undefined]
      .filter((value): value is string => value !== undefined)
      .map(BigInt);
    if (values.length === 0) continue;
    const last = values.reduce((a, b) => (a > b ? a : b));
    await run(`select setval($1::regclass, $2::bigint, true)`, [
      quoteIdent(sequence),
      String(last),
    ]);
  }
}
