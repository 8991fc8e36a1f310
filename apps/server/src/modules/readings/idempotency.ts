import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { CreateReadingInput } from '@kundenportal/contract';
import type { Executor } from '../../db/client';
import { readingIdempotencyKeys } from '../../db/schema/index';

/** How long a key is remembered: longer than any phone waits in a cellar. */
const KEY_DAYS = 7;

export interface StoredAnswer {
  anfrage: string;
  status: number;
  antwort: unknown;
}

/** The fingerprint of a reading as sent: the same key with another fingerprint is a misuse. */
export function fingerprintOf(contractId: number, input: CreateReadingInput): string {
  const werte = Object.entries(input.ablesewerte).sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256')
    .update(
      JSON.stringify([
        contractId,
        input.zaehlernummer,
        input.ablesedatum,
        werte,
        input.foto ?? null,
      ]),
    )
    .digest('hex');
}

export async function findAnswer(
  executor: Executor,
  customerId: number,
  schluessel: string,
): Promise<StoredAnswer | undefined> {
  const [row] = await executor
    .select({
      anfrage: readingIdempotencyKeys.anfrage,
      status: readingIdempotencyKeys.status,
      antwort: readingIdempotencyKeys.antwort,
    })
    .from(readingIdempotencyKeys)
    .where(
      and(
        eq(readingIdempotencyKeys.customerId, customerId),
        eq(readingIdempotencyKeys.schluessel, schluessel),
      ),
    );
  return row;
}

/** In the reading's transaction: a second writer of the same key fails on the primary key. */
export async function storeAnswer(
  executor: Executor,
  customerId: number,
  schluessel: string,
  answer: StoredAnswer,
) {
  await executor.insert(readingIdempotencyKeys).values({ customerId, schluessel, ...answer });
}

export async function deleteOldKeys(executor: Executor, now: Date) {
  const cutoff = new Date(now.getTime() - KEY_DAYS * 86_400_000);
  await executor.delete(readingIdempotencyKeys).where(lt(readingIdempotencyKeys.createdAt, cutoff));
}
