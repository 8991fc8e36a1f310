import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { quoteIdent, type Relation } from './catalog';

/**
 * About this much of a table's text is in memory at once. PGlite's COPY writes into a blob
 * whole, so a table goes over in slices of its pages (a TID range scan reads just them).
 */
const SLICE_BYTES = 4 * 1024 * 1024;

async function sliceCount(source: PGlite, table: string) {
  const { rows } = await source.query<{ pages: number; bytes: number }>(
    `select (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
            pg_table_size(c.oid)::float8 as bytes
       from pg_class c where c.oid = $1::regclass`,
    [table],
  );
  const { pages, bytes } = rows[0]!;
  // The table's size counts its out-of-line values (photos) too, which a slice of pages carries.
  const slices = Math.max(1, Math.ceil(bytes / SLICE_BYTES));
  return { pages, pagesPerSlice: Math.max(1, Math.ceil(pages / slices)) };
}

async function* slicesOf(source: PGlite, relation: Relation): AsyncGenerator<Buffer> {
  const table = quoteIdent(relation.name);
  const columns = relation.columns.map(quoteIdent).join(', ');
  const { pages, pagesPerSlice } = await sliceCount(source, table);
  for (let first = 0; first === 0 || first < pages; first += pagesPerSlice) {
    const next = first + pagesPerSlice;
    // The last slice has no end: nothing past the size read above is left behind.
    const range =
      `ctid >= '(${first},0)'::tid` + (next < pages ? ` and ctid < '(${next},0)'::tid` : '');
    const { blob } = await source.query(
      `copy (select ${columns} from ${table} where ${range}) to '/dev/blob'`,
    );
    if (blob && blob.size > 0) yield Buffer.from(await blob.arrayBuffer());
  }
}

/** Copies the relation's rows from the embedded database into the target; answers their count. */
export async function copyRelation(
  source: PGlite,
  target: pg.ClientBase,
  relation: Relation,
): Promise<number> {
  const columns = relation.columns.map(quoteIdent).join(', ');
  const sink = target.query(copyFrom(`copy ${quoteIdent(relation.name)} (${columns}) from stdin`));
  await pipeline(slicesOf(source, relation), sink);
  return sink.rowCount;
}
