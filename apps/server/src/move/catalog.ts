import type { RunSql } from '../db/table-digests';

/** A table of the public schema as the move sees it on the embedded database. */
export interface Relation {
  name: string;
  /** The columns COPY names, in order: generated columns are computed again, never copied. */
  columns: string[];
}

export interface Partition {
  name: string;
  parent: string;
  /** `FOR VALUES FROM (…) TO (…)`, as the source has it. */
  bound: string;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The partitions of the source's partitioned tables, parents first. */
export async function partitionsOf(run: RunSql): Promise<Partition[]> {
  const rows = await run(
    `select c.relname as name, p.relname as parent, pg_get_expr(c.relpartbound, c.oid) as bound
       from pg_inherits i
       join pg_class c on c.oid = i.inhrelid
       join pg_class p on p.oid = i.inhparent
      where c.relnamespace = 'public'::regnamespace and c.relispartition and c.relkind in ('r', 'p')
      order by p.relname, c.relname`,
  );
  return rows.map((row) => ({
    name: String(row.name),
    parent: String(row.parent),
    bound: String(row.bound),
  }));
}

/**
 * The tables that hold rows, in the order of their foreign keys (a referenced table before
 * those that refer to it); a partitioned table stands for its partitions, in the order of time.
 */
export async function relationsInKeyOrder(run: RunSql): Promise<Relation[]> {
  const tables = await run(
    `select c.relname as name, c.relkind as kind,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                     and a.attgenerated = '' order by a.attnum) as columns
       from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
        and not c.relispartition
      order by c.relname`,
  );
  const keys = await run(
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.conparentid = 0 and k.connamespace = 'public'::regnamespace`,
  );
  const partitions = await partitionsOf(run);
  const referenced = new Map<string, string[]>();
  for (const key of keys) {
    if (key.child === key.parent) continue;
    const list = referenced.get(String(key.child)) ?? [];
    list.push(String(key.parent));
    referenced.set(String(key.child), list);
  }
  const byName = new Map(tables.map((table) => [String(table.name), table]));
  const ordered: Relation[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: Set<string>) => {
    const table = byName.get(name);
    if (!table || placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const parent of referenced.get(name) ?? []) place(parent, path);
    placed.add(name);
    const columns = table.columns as string[];
    if (table.kind === 'p') {
      for (const partition of partitions.filter((each) => each.parent === name))
        ordered.push({ name: partition.name, columns });
    } else ordered.push({ name, columns });
  };
  for (const name of byName.keys()) place(name, new Set());
  return ordered;
}
