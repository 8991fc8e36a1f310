import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { changeFeed, readingPhotos } from '../../db/schema/index';

export interface FeedRow {
  id: string;
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
 * The entries after the id `after`, in id order, at most `limit`. Ids become visible in their
 * order (the writers' lock in db/change-feed.ts), so no entry can appear behind an id already
 * handed out.
 */
export async function readFeed(
  executor: Executor,
  after: string,
  limit: number,
): Promise<FeedRow[]> {
  return rowsOf<FeedRow>(
    executor,
    sql`select id::text as id, typ, kundennummer, vertragsnummer, daten, created_at as zeitpunkt
        from ${changeFeed}
        where id > ${after}::bigint
        order by ${changeFeed.id}
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
