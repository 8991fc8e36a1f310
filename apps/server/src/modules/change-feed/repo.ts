import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { changeFeed, readingPhotos } from '../../db/schema/index';

/** A position in the feed: after the entry of transaction `xid` with this `id`. */
export interface FeedPosition {
  xid: string;
  id: string;
}

export interface FeedRow {
  id: string;
  xid: string;
  typ: string;
  kundennummer: string;
  vertragsnummer: number | null;
  daten: Record<string, unknown>;
  zeitpunkt: Date | string;
}

async function rowsOf<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * The entries after `after`, in (xid, id) order, at most `limit`.
 *
 * The classic gap of a serial id: transaction A takes id 5, B takes id 6 and commits first; a
 * reader that saw 6 and moved its cursor past it would never see 5. So the feed is ordered by
 * the writing transaction's id first, and only entries of transactions older than the oldest
 * one still running (the snapshot's xmin) are handed out: those are all committed or gone, and
 * every entry that becomes visible later belongs to a transaction at or above that xmin, which
 * sorts after every entry handed out. The statement's own snapshot gives xmin and the rows
 * together. A long transaction holds the feed back while it runs; it never loses an entry.
 */
export async function readFeed(
  executor: Executor,
  after: FeedPosition | null,
  limit: number,
): Promise<FeedRow[]> {
  const from = after
    ? sql`and (${changeFeed.xid}, ${changeFeed.id}) > (${after.xid}::xid8, ${after.id}::bigint)`
    : sql``;
  return rowsOf<FeedRow>(
    executor,
    sql`select id::text as id, xid::text as xid, typ, kundennummer, vertragsnummer, daten,
          created_at as zeitpunkt
        from ${changeFeed}
        where xid < pg_snapshot_xmin(pg_current_snapshot()) ${from}
        order by xid, id
        limit ${limit}`,
  );
}

/** The photo of an ABLESUNG entry, if it has one. */
export async function findEntryPhoto(
  executor: Executor,
  entryId: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const [row] = await executor
    .select({ contentType: readingPhotos.contentType, bytes: readingPhotos.bytes })
    .from(changeFeed)
    .innerJoin(readingPhotos, sql`${readingPhotos.readingId} = ${changeFeed.readingId}`)
    .where(sql`${changeFeed.id} = ${entryId}::bigint`);
  return row;
}
