import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  meterChannels,
  meters,
  readingPhotos,
  readings,
  readingValues,
} from '../../db/schema/index';

export interface ReadingRecord {
  id: number;
  ablesedatum: string;
  zaehlernummer: string;
  ablesegrund: string | null;
  erfassungshinweis: string | null;
  ermittlungsart: string;
  ableseart: string | null;
  foto: boolean;
  werte: { obiskennzahl: string; ablesewert: number; nachkommastellen: number }[];
}

/** A contract's readings with their values, in date order (oldest first unless newestFirst). */
export async function listReadings(
  executor: Executor,
  contractId: number,
  range: { von?: string; bis?: string; newestFirst?: boolean; limit?: number } = {},
): Promise<ReadingRecord[]> {
  const query = executor
    .select({
      id: readings.id,
      ablesedatum: readings.ablesedatum,
      zaehlernummer: meters.nummer,
      ablesegrund: readings.ablesegrund,
      erfassungshinweis: readings.erfassungshinweis,
      ermittlungsart: readings.ermittlungsart,
      ableseart: readings.ableseart,
      foto: sql<boolean>`exists (select 1 from ${readingPhotos} where ${readingPhotos.readingId} = ${readings.id})`,
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
    )
    .$dynamic();
  const rows = range.limit === undefined ? await query : await query.limit(range.limit);
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

export interface MeterRecord {
  id: number;
  nummer: string;
  kanaele: { obiskennzahl: string; vorkommastellen: number; nachkommastellen: number }[];
}

/** The contract's current meter: the one not removed, the latest installed; with its channels. */
export async function findCurrentMeter(
  executor: Executor,
  contractId: number,
): Promise<MeterRecord | undefined> {
  const [meter] = await executor
    .select({ id: meters.id, nummer: meters.nummer })
    .from(meters)
    .where(and(eq(meters.contractId, contractId), isNull(meters.ausgebautAm)))
    .orderBy(sql`${meters.eingebautAm} desc nulls last`, desc(meters.id))
    .limit(1);
  if (!meter) return undefined;
  const kanaele = await executor
    .select({
      obiskennzahl: meterChannels.obiskennzahl,
      vorkommastellen: meterChannels.vorkommastellen,
      nachkommastellen: meterChannels.nachkommastellen,
    })
    .from(meterChannels)
    .where(eq(meterChannels.meterId, meter.id))
    .orderBy(asc(meterChannels.obiskennzahl));
  return { ...meter, kanaele };
}

/** The meter's readings with their values, oldest first. */
export async function listMeterReadings(
  executor: Executor,
  meterId: number,
): Promise<{ ablesedatum: string; werte: Map<string, number> }[]> {
  const rows = await executor
    .select({
      id: readings.id,
      ablesedatum: readings.ablesedatum,
      obiskennzahl: readingValues.obiskennzahl,
      ablesewert: readingValues.ablesewert,
    })
    .from(readings)
    .innerJoin(readingValues, eq(readingValues.readingId, readings.id))
    .where(eq(readings.meterId, meterId))
    .orderBy(asc(readings.ablesedatum), asc(readings.id));
  const byReading = new Map<number, { ablesedatum: string; werte: Map<string, number> }>();
  for (const row of rows) {
    const reading = byReading.get(row.id) ?? { ablesedatum: row.ablesedatum, werte: new Map() };
    reading.werte.set(row.obiskennzahl, row.ablesewert);
    byReading.set(row.id, reading);
  }
  return [...byReading.values()];
}

export async function hasReadingOn(executor: Executor, meterId: number, ablesedatum: string) {
  const rows = await executor
    .select({ id: readings.id })
    .from(readings)
    .where(and(eq(readings.meterId, meterId), eq(readings.ablesedatum, ablesedatum)))
    .limit(1);
  return rows.length > 0;
}

export interface NewReading {
  contractId: number;
  meterId: number;
  ablesedatum: string;
  werte: { obiskennzahl: string; ablesewert: number; nachkommastellen: number }[];
  foto?: { contentType: string; bytes: Buffer };
}

/** A reading the customer handed over, with its values and photo. Run it in a transaction. */
export async function insertCustomerReading(executor: Executor, reading: NewReading) {
  const [row] = await executor
    .insert(readings)
    .values({
      contractId: reading.contractId,
      meterId: reading.meterId,
      ablesedatum: reading.ablesedatum,
      ablesegrund: 'Zwischenablesung',
      ableseart: 'Ablesung durch Kunde',
      erfassungshinweis: reading.foto
        ? 'Im Kundenportal erfasst, mit Foto'
        : 'Im Kundenportal erfasst, ohne Foto',
      ermittlungsart: 'KUNDE',
    })
    .returning();
  const readingId = row!.id;
  await executor
    .insert(readingValues)
    .values(reading.werte.map((wert) => ({ readingId, ...wert })));
  if (reading.foto) await executor.insert(readingPhotos).values({ readingId, ...reading.foto });
  return row!;
}

/** The photo handed over with the contract's reading of one meter on one day, if any. */
export async function findReadingPhoto(
  executor: Executor,
  contractId: number,
  zaehlernummer: string,
  ablesedatum: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const [row] = await executor
    .select({ contentType: readingPhotos.contentType, bytes: readingPhotos.bytes })
    .from(readingPhotos)
    .innerJoin(readings, eq(readings.id, readingPhotos.readingId))
    .innerJoin(meters, eq(meters.id, readings.meterId))
    .where(
      and(
        eq(readings.contractId, contractId),
        eq(meters.nummer, zaehlernummer),
        eq(readings.ablesedatum, ablesedatum),
      ),
    )
    .limit(1);
  return row;
}
