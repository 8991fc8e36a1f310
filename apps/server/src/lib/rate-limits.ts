import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { at } from '../db/sql';
import { throttleCounters } from '../db/schema/index';

/** At most `max` units (attempts, mails, bytes) per key in a window that opens with the first. */
export interface RateLimit {
  windowSeconds: number;
  max: number;
}

/** One key counted against its limit; `amount` is 1 unless bytes are counted. */
export interface Charge {
  key: string;
  limit: RateLimit;
  amount?: number;
}

const amountOf = (charge: Charge) => charge.amount ?? 1;
const windowStartedBefore = (now: Date, limit: RateLimit) =>
  new Date(now.getTime() - limit.windowSeconds * 1000);

/**
 * Counts every charge in one atomic upsert, so that parallel requests each see their own count
 * and none slips past a limit. Answers the first limit the charges would pass; then nothing is
 * counted: a refused request never counts against anybody.
 */
export async function charge(
  executor: Executor,
  charges: readonly Charge[],
  now: Date,
): Promise<Charge | undefined> {
  const counted = await Promise.all(
    charges.map(async (item) => {
      const started = at(windowStartedBefore(now, item.limit));
      const [row] = await executor
        .insert(throttleCounters)
        .values({
          key: item.key,
          windowStart: now,
          windowSeconds: item.limit.windowSeconds,
          failures: amountOf(item),
        })
        .onConflictDoUpdate({
          target: throttleCounters.key,
          set: {
            failures: sql`case when ${throttleCounters.windowStart} <= ${started} then ${amountOf(item)} else ${throttleCounters.failures} + ${amountOf(item)} end`,
            windowStart: sql`case when ${throttleCounters.windowStart} <= ${started} then ${at(now)} else ${throttleCounters.windowStart} end`,
            windowSeconds: item.limit.windowSeconds,
          },
        })
        .returning({ count: throttleCounters.failures });
      return { item, count: row?.count ?? amountOf(item) };
    }),
  );
  const passed = counted.find(({ item, count }) => count > item.limit.max);
  if (!passed) return undefined;
  await uncharge(executor, charges);
  return passed.item;
}

/** Takes the charges back: what they counted turned out not to be counted after all. */
export async function uncharge(executor: Executor, charges: readonly Charge[]) {
  await Promise.all(
    charges.map((item) =>
      executor
        .update(throttleCounters)
        .set({ failures: sql`greatest(${throttleCounters.failures} - ${amountOf(item)}, 0)` })
        .where(sql`${throttleCounters.key} = ${item.key}`),
    ),
  );
}

/** Whether the key's open window has no room left, without counting anything. */
export async function isExhausted(
  executor: Executor,
  key: string,
  limit: RateLimit,
  now: Date,
): Promise<boolean> {
  const [row] = await executor
    .select({ count: throttleCounters.failures })
    .from(throttleCounters)
    .where(
      sql`${throttleCounters.key} = ${key} and ${throttleCounters.windowStart} > ${at(windowStartedBefore(now, limit))}`,
    );
  return (row?.count ?? 0) >= limit.max;
}

export async function clearCounter(executor: Executor, key: string) {
  await executor.delete(throttleCounters).where(sql`${throttleCounters.key} = ${key}`);
}

/** Closed windows: nothing reads them any more. */
export async function deleteClosedWindows(executor: Executor, now: Date) {
  await executor
    .delete(throttleCounters)
    .where(
      sql`${throttleCounters.windowStart} + make_interval(secs => ${throttleCounters.windowSeconds}) <= ${at(now)}`,
    );
}
