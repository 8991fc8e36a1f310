import { and, asc, eq, notInArray } from 'drizzle-orm';
import {
  missingChannelMessage,
  readingNumberProblem,
  unknownChannelMessage,
  type ImportRecord,
} from '@kundenportal/contract';
import type { Executor } from '../../db/client';
import { meterChannels, meters, readings, readingValues } from '../../db/schema/index';
import { contractIdOf, holdsValues, RecordRefusal, type Outcome } from './repo';

const unknownMeterMessage = (zaehlernummer: string, vertragsnummer: number) =>
  `Der Zähler ${zaehlernummer} ist zum Vertrag ${vertragsnummer} nicht bekannt. Bitte importieren Sie zuerst den Zähler.`;

/**
 * BO4E Zaehler → meters and their channels, keyed by contract and meter number. The record
 * lists every channel: one it no longer lists is removed (its earlier readings keep their values).
 */
export async function importZaehler(
  executor: Executor,
  record: ImportRecord<'zaehler'>,
): Promise<Outcome> {
  const contractId = await contractIdOf(executor, record.vertragsnummer);
  const values = {
    contractId,
    nummer: record.zaehlernummer,
    eingebautAm: record.eingebautAm,
    ausgebautAm: record.ausgebautAm,
  };
  const [stored] = await executor
    .select()
    .from(meters)
    .where(and(eq(meters.contractId, contractId), eq(meters.nummer, record.zaehlernummer)));
  const storedChannels = stored
    ? await executor
        .select()
        .from(meterChannels)
        .where(eq(meterChannels.meterId, stored.id))
        .orderBy(asc(meterChannels.id))
    : [];
  const sameChannels =
    storedChannels.length === record.kanaele.length &&
    record.kanaele.every((kanal) => storedChannels.some((channel) => holdsValues(channel, kanal)));
  if (stored && sameChannels && holdsValues(stored, values)) return 'unveraendert';
  let meterId = stored?.id;
  if (meterId === undefined) {
    const [row] = await executor.insert(meters).values(values).returning({ id: meters.id });
    meterId = row!.id;
  } else await executor.update(meters).set(values).where(eq(meters.id, meterId));
  const codes = record.kanaele.map((kanal) => kanal.obiskennzahl);
  await executor
    .delete(meterChannels)
    .where(and(eq(meterChannels.meterId, meterId), notInArray(meterChannels.obiskennzahl, codes)));
  for (const kanal of record.kanaele)
    await executor
      .insert(meterChannels)
      .values({ meterId, ...kanal })
      .onConflictDoUpdate({
        target: [meterChannels.meterId, meterChannels.obiskennzahl],
        set: { vorkommastellen: kanal.vorkommastellen, nachkommastellen: kanal.nachkommastellen },
      });
  return stored ? 'aktualisiert' : 'angelegt';
}

/**
 * A reading from the supplier's side → readings and their values, keyed by meter and day (one
 * reading a meter and day, spec §7.3). Each channel of the meter needs its value, in its digits.
 */
export async function importAblesung(
  executor: Executor,
  record: ImportRecord<'ablesungen'>,
): Promise<Outcome> {
  const contractId = await contractIdOf(executor, record.vertragsnummer);
  const [meter] = await executor
    .select({ id: meters.id })
    .from(meters)
    .where(and(eq(meters.contractId, contractId), eq(meters.nummer, record.zaehlernummer)));
  if (!meter)
    throw new RecordRefusal(
      'zaehlernummer',
      unknownMeterMessage(record.zaehlernummer, record.vertragsnummer),
    );
  const channels = await executor
    .select()
    .from(meterChannels)
    .where(eq(meterChannels.meterId, meter.id))
    .orderBy(asc(meterChannels.id));
  const valueRows = record.werte.map((wert, index) => {
    const kanal = channels.find((channel) => channel.obiskennzahl === wert.obiskennzahl);
    if (!kanal)
      throw new RecordRefusal(
        `werte.${index}.obiskennzahl`,
        unknownChannelMessage(wert.obiskennzahl),
      );
    const problem = readingNumberProblem(wert.ablesewert, kanal);
    if (problem) throw new RecordRefusal(`werte.${index}.ablesewert`, problem);
    return { ...wert, nachkommastellen: kanal.nachkommastellen };
  });
  const missing = channels.find(
    (kanal) => !record.werte.some((wert) => wert.obiskennzahl === kanal.obiskennzahl),
  );
  if (missing) throw new RecordRefusal('werte', missingChannelMessage(missing.obiskennzahl));

  const values = {
    contractId,
    meterId: meter.id,
    ablesedatum: record.ablesedatum,
    ablesegrund: record.ablesegrund,
    erfassungshinweis: record.erfassungshinweis,
    ermittlungsart: record.ermittlungsart,
    ableseart: record.ableseart,
  };
  const [stored] = await executor
    .select()
    .from(readings)
    .where(and(eq(readings.meterId, meter.id), eq(readings.ablesedatum, record.ablesedatum)));
  const storedValues = stored
    ? await executor.select().from(readingValues).where(eq(readingValues.readingId, stored.id))
    : [];
  const sameValues =
    storedValues.length === valueRows.length &&
    valueRows.every((row) =>
      storedValues.some(
        (value) => value.obiskennzahl === row.obiskennzahl && holdsValues(value, row),
      ),
    );
  if (stored && sameValues && holdsValues(stored, values)) return 'unveraendert';
  let readingId = stored?.id;
  if (readingId === undefined) {
    const [row] = await executor.insert(readings).values(values).returning({ id: readings.id });
    readingId = row!.id;
  } else {
    await executor.update(readings).set(values).where(eq(readings.id, readingId));
    await executor.delete(readingValues).where(eq(readingValues.readingId, readingId));
  }
  await executor.insert(readingValues).values(valueRows.map((row) => ({ readingId, ...row })));
  return stored ? 'aktualisiert' : 'angelegt';
}
