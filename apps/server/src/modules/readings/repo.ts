import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { meters, readings, readingValues } from '../../db/schema/index';

export interface ReadingRecord {
  id: number;
  ablesedatum: string;
  zaehlernummer: string;
  ablesegrund: string | null;
  erfassungshinweis: string | null;
  ermittlungsart: string;
  ableseart: string | null;
  werte: { obiskennzahl: string; ablesewert: number; nachkommastellen: number }[];
}

/** A contract's readings with their values, in date order (oldest first unless newestFirst). */
export async function listReadings(
  executor: Executor,
  contractId: number,
  range: { von?: string; bis?: string; newestFirst?: boolean } = {},
): Promise<ReadingRecord[]> {
  const rows = await executor
    .select({
      id: readings.id,
      ablesedatum: readings.ablesedatum,
      zaehlernummer: meters.nummer,
      ablesegrund: readings.ablesegrund,
      erfassungshinweis: readings.erfassungshinweis,
      ermittlungsart: readings.ermittlungsart,
      ableseart: readings.ableseart,
    })
    .from(readings)
    .innerJoin(meters, eq(meters.id, readings.meterId))
    .where(
      and(
        eq(readings.contractId, contractId),
        range.von ? gte(readings.ablesedatum, range.von) : undefined,
        range.bis ? lte(readings.ablesedatum, range.bis) : undefined,
      ),
    )
    .orderBy(
      range.newestFirst ? desc(readings.ablesedatum) : asc(readings.ablesedatum),
      asc(readings.id),
    );
  if (rows.length === 0) return [];
  const values = await executor
    .select()
    .from(readingValues)
    .where(
      inArray(
        readingValues.readingId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(readingValues.obiskennzahl));
  return rows.map((row) => ({
    ...row,
    werte: values
      .filter((value) => value.readingId === row.id)
      .map(({ obiskennzahl, ablesewert, nachkommastellen }) => ({
        obiskennzahl,
        ablesewert,
        nachkommastellen,
      })),
  }));
}
