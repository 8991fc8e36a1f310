import { ReadingSources, type Reading } from '@kundenportal/contract';
import type { Database } from '../../db/client';
import * as repo from './repo';

export function createReadingService(db: Database) {
  return {
    async list(contractId: number, range: { von?: string; bis?: string }): Promise<Reading[]> {
      const records = await repo.listReadings(db, contractId, { ...range, newestFirst: true });
      return records.map((record) => ({
        ablesedatum: record.ablesedatum,
        zaehlernummer: record.zaehlernummer,
        ablesewerte: Object.fromEntries(record.werte.map((wert) => [wert.obiskennzahl, wert])),
        ablesegrund: record.ablesegrund,
        erfassungshinweis: record.erfassungshinweis,
        ermittlungsart:
          ReadingSources.find((source) => source === record.ermittlungsart) ?? 'NETZBETREIBER',
        ableseart: record.ableseart,
      }));
    },
  };
}

export type ReadingService = ReturnType<typeof createReadingService>;
