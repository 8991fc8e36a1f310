import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { at } from '../../db/sql';
import { changeFeed } from '../../db/schema/index';

const DAY_MS = 86_400_000;

/**
 * Deletes the feed's entries older than `days`; answers how many went. A consumer's cursor
 * stays good (it names an id, and the next entry is the first with a larger one); entries it
 * has not read by then are lost to it, so `BETRIEB_AUFBEWAHRUNG_TAGE` must exceed its longest
 * pause. Entries go in id order up to the first younger one, walked along the primary key
 * (the table has no index on its time): a created_at a few seconds out of id order (it is the
 * transaction's start) at worst keeps an old entry an hour longer.
 */
export async function purgeExpiredFeedEntries(
  executor: Executor,
  now: Date,
  days: number,
): Promise<number> {
  const before = at(new Date(now.getTime() - days * DAY_MS));
  const result: unknown = await executor.execute(sql`
    delete from ${changeFeed}
     where ${changeFeed.id} < coalesce(
       (select id from ${changeFeed} where created_at >= ${before} order by id limit 1),
       (select max(id) + 1 from ${changeFeed}))
    returning ${changeFeed.id}`);
  return (result as { rows: unknown[] }).rows.length;
}
