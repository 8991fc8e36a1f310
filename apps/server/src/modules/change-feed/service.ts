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
 * The cursor as the consumer sees it: opaque (base64url of a version and the position), so
 * that the order may change without breaking a consumer that only passes it back.
 */
const CURSOR_PREFIX = 'v1';
const START: repo.FeedPosition = { xid: '0', id: '0' };

const encodeCursor = (position: repo.FeedPosition) =>
  Buffer.from(`${CURSOR_PREFIX}:${position.xid}:${position.id}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): repo.FeedPosition {
  const match = /^v1:(\d{1,20}):(\d{1,19})$/.exec(
    /^[A-Za-z0-9_-]*$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '',
  );
  if (!match || BigInt(match[1]!) >= 2n ** 64n || BigInt(match[2]!) >= 2n ** 63n) {
    throw new HttpError(400, ChangeFeedMessages.cursorInvalid, {
      nach: ChangeFeedMessages.cursorInvalid,
    });
  }
  return { xid: match[1]!, id: match[2]! };
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
      const after = nach === undefined ? START : decodeCursor(nach);
      const rows = await repo.readFeed(db, after, anzahl);
      const last = rows.at(-1);
      return {
        eintraege: rows.map(toEntry),
        cursor: encodeCursor(last ? { xid: last.xid, id: last.id } : after),
      };
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
