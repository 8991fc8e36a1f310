import { sql } from 'drizzle-orm';
import type { ChangeFeedData } from '@kundenportal/contract';
import type { Executor } from './client';
import { changeFeed, customers } from './schema/index';

/** The advisory lock of the feed's writers (any fixed number; "KP" "feed"). */
const CHANGE_FEED_LOCK = 4_242_000_002;

/** What a change names beside its type and data: the customer, and the contract if one. */
export interface ChangeOf {
  customerId: number;
  /** The contract the change concerns (its id is the Vertragsnummer), or none. */
  contractId?: number | null;
  /** An ABLESUNG's reading, whose photo the operator may fetch. */
  readingId?: number;
}

/**
 * The change feed's entry of a customer's change. The one way every service writes
 * it, beside its audit row and IN THE SAME TRANSACTION as the change: a change rolled back
 * leaves no entry, a change committed has exactly one. The customer's key is copied in, so that
 * the entry keeps naming the customer whatever happens to the row later.
 */
export async function recordChange(
  executor: Executor,
  of: ChangeOf,
  change: ChangeFeedData,
): Promise<void> {
  // The classic gap of a serial id: A takes id 5, B takes 6 and commits first; a reader that
  // saw 6 and moved its cursor past it would never see 5. So the id is taken under a lock held
  // until the transaction ends: the entries' transactions commit in the order of their ids, and
  // whoever sees an id sees every smaller one that will ever be. The lock is taken late, beside
  // the audit row, and is the feed's alone (other writes do not wait for it).
  await executor.execute(sql`select pg_advisory_xact_lock(${CHANGE_FEED_LOCK})`);
  const result: unknown = await executor.execute(sql`
    insert into ${changeFeed} (typ, kundennummer, vertragsnummer, daten, reading_id)
    select ${change.typ}, ${customers.kundennummer}, ${of.contractId ?? null}::integer,
      ${JSON.stringify(change.daten)}::jsonb, ${of.readingId ?? null}::integer
    from ${customers} where ${customers.id} = ${of.customerId}
    returning id`);
  // A change of no customer cannot be; better refused whole than committed without its entry.
  if ((result as { rows: unknown[] }).rows.length !== 1)
    throw new Error(`change feed: no customer ${of.customerId}`);
}
