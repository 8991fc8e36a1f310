import {
  ChangeFeedDataSchema,
  ChangeFeedMessages,
  type ChangeFeedEntry,
  type ChangeFeedPage,
} from '@kundenportal/contract';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import * as repo from './repo';

/**
 * The cursor as the consumer sees it: opaque (base64url of a version and the last id given), so
 * that its content may change without breaking a consumer that only passes it back.
 */
const encodeCursor = (id: string) => Buffer.from(`v1:${id}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): string {
  const match = /^v1:(\d{1,19})$/.exec(
    /^[A-Za-z0-9_-]*$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '',
  );
  if (!match || BigInt(match[1]!) >= 2n ** 63n) {
    throw new HttpError(400, ChangeFeedMessages.cursorInvalid, {
      nach: ChangeFeedMessages.cursorInvalid,
    });
  }
  return match[1]!;
}

const toEntry = (row: repo.FeedRow): ChangeFeedEntry => ({
  id: row.id,
  kundennummer: row.kundennummer,
  vertragsnummer: row.vertragsnummer,
  zeitpunkt: new Date(row.zeitpunkt).toISOString(),
  ...ChangeFeedDataSchema.parse({ typ: row.typ, daten: row.daten }),
});

export function createChangeFeedService(db: Database) {
  return {
    /**
     * The entries after the cursor, in order. At least once: the answer's cursor names the
     * last entry given; a consumer that passes it on never sees these again, one that repeats
     * its old cursor (it crashed before storing the new one) sees them again.
     */
    async page(nach: string | undefined, anzahl: number): Promise<ChangeFeedPage> {
      const after = nach === undefined ? '0' : decodeCursor(nach);
      const rows = await repo.readFeed(db, after, anzahl);
      return { eintraege: rows.map(toEntry), cursor: encodeCursor(rows.at(-1)?.id ?? after) };
    },

    async photo(entryId: string) {
      const photo = await repo.findEntryPhoto(db, entryId);
      if (!photo) throw new HttpError(404, ChangeFeedMessages.photoNotFound);
      const extension = photo.contentType === 'image/png' ? 'png' : 'jpg';
      return { ...photo, filename: `ablesung-${entryId}.${extension}` };
    },
  };
}

export type ChangeFeedService = ReturnType<typeof createChangeFeedService>;
