import {
  addDays,
  addMonths,
  berlinDayOf,
  firstOfMonth,
  formatDate,
  kundennummerText,
  type Mandant,
} from '@kundenportal/contract';
import type { Executor } from '../db/client';
import * as t from '../db/schema/index';
import { hashPassword } from '../modules/auth/password';
import type { DemoContract } from './model';
import {
  demoWindow,
  exchangePrice,
  hours,
  householdConsumption,
  priceIntervals,
  startOfHour,
} from './energy-series';
import { ensureHourlyPartitions } from '../db/partitions';
import { refreshHourlyPrices } from '../db/hourly-prices';
import { letterPdf } from '../modules/documents/letter-pdf';
import type { DemoDocument } from './documents';

const INSERT_CHUNK = 1000;

type CustomerRow = typeof t.customers.$inferInsert;

export async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

/** A tariff boundary: a fixed day, or the first day of the month `n` months from today. */
export function tariffDay(
  value: string | number | null,
  today: string,
  dayBefore = false,
): string | null {
  if (value === null || typeof value === 'string') return value;
  const first = addMonths(firstOfMonth(today), value);
  return dayBefore ? addDays(first, -1) : first;
}

export async function insertCustomer(
  executor: Executor,
  row: Omit<CustomerRow, 'passwordHash'>,
  password: string,
) {
  const [customer] = await executor
    .insert(t.customers)
    .values({ ...row, passwordHash: await hashPassword(password) })
    .returning({ id: t.customers.id });
  return customer!.id;
}

export async function insertContract(
  executor: Executor,
  customerId: number,
  spec: DemoContract,
  now: Date,
) {
  const today = berlinDayOf(now);
  const [contract] = await executor
    .insert(t.contracts)
    .values({
      customerId,
      versorgungsart: spec.versorgungsart,
      anmeldungsart: spec.anmeldungsart,
      kundenArt: spec.kundenArt,
      lieferbeginn: spec.lieferbeginn,
      gewuenschterLieferbeginn: spec.gewuenschterLieferbeginn,
      lieferende: spec.lieferende ?? null,
      gewuenschtesLieferende: spec.gewuenschtesLieferende ?? null,
      storniert: spec.storniert ?? false,
      ...spec.adresse,
    })
    .returning({ id: t.contracts.id });
  const contractId = contract!.id;

  await executor.insert(t.tariffs).values(
    spec.tarife.map((tariff) => ({
      contractId,
      name: tariff.name,
      tariftyp: tariff.tariftyp,
      arbeitspreis: tariff.arbeitspreis,
      arbeitspreisNt: tariff.arbeitspreisNt ?? null,
      anteilNt: tariff.anteilNt ?? null,
      grundpreis: tariff.grundpreis,
      aufschlag: tariff.aufschlag ?? null,
      preisgarantietyp: tariff.preisgarantietyp,
      istDynamisch: tariff.tariftyp === 'DYNAMISCHER_PREIS',
      gueltigVon: tariffDay(tariff.gueltigVon, today),
      gueltigBis: tariffDay(tariff.gueltigBis, today, true),
    })),
  );

  if (spec.zaehler) {
    const [meter] = await executor
      .insert(t.meters)
      .values({ contractId, nummer: spec.zaehler.nummer, eingebautAm: spec.lieferbeginn })
      .returning({ id: t.meters.id });
    const meterId = meter!.id;
    await executor
      .insert(t.meterChannels)
      .values(spec.zaehler.kanaele.map((kanal) => ({ meterId, ...kanal })));
    for (const reading of spec.zaehler.ablesungen) {
      const [row] = await executor
        .insert(t.readings)
        .values({
          contractId,
          meterId,
          ablesedatum: reading.ablesedatum,
          ablesegrund: reading.ablesegrund,
          ableseart: reading.ableseart,
          ermittlungsart: reading.ermittlungsart,
          erfassungshinweis: reading.erfassungshinweis ?? null,
        })
        .returning({ id: t.readings.id });
      await executor.insert(t.readingValues).values(
        spec.zaehler.kanaele.map((kanal, index) => ({
          readingId: row!.id,
          obiskennzahl: kanal.obiskennzahl,
          ablesewert: reading.werte[index] ?? 0,
          nachkommastellen: kanal.nachkommastellen,
        })),
      );
    }
  }

  if (spec.stundenwerteTage) {
    const { from } = demoWindow(now, spec.stundenwerteTage);
    const yearlyKwh = spec.jahresverbrauchKwh ?? 3000;
    await ensureHourlyPartitions(executor, from, now);
    const rows = [...hours(from, startOfHour(now))].map((von) => ({
      contractId,
      von,
      verbrauch: householdConsumption(von, yearlyKwh),
    }));
    await insertInChunks(rows, (chunk) => executor.insert(t.hourlyConsumption).values(chunk));
  }
  return contractId;
}

export async function insertExchangePrices(executor: Executor, now: Date, days: number) {
  const { from, pricesUntil } = demoWindow(now, days);
  const rows = [...priceIntervals(from, pricesUntil)].map((von) => ({
    von,
    preis: exchangePrice(von),
  }));
  await insertInChunks(rows, (chunk) =>
    executor.insert(t.exchangePrices).values(chunk).onConflictDoNothing(),
  );
  await refreshHourlyPrices(executor, from, pricesUntil);
}

/** Whom a demo document is written to, and by which variant. */
export interface Addressee {
  mandant: Mandant;
  customerId: number;
  kundennummer: string;
  empfaenger: string[];
}

/** A demo document: the letter written as a PDF now, stored as bytes like any other. */
export async function insertDocument(executor: Executor, to: Addressee, doc: DemoDocument) {
  const bytes = await letterPdf(to.mandant, {
    empfaenger: to.empfaenger,
    bezug: [
      ['Kundennummer', kundennummerText(to.mandant, to.kundennummer)],
      ...(doc.contractId === null
        ? []
        : [['Vertragsnummer', String(doc.contractId)] as [string, string]]),
      ['Datum', formatDate(doc.erstellt)],
      ['Kundenservice', to.mandant.firma.telefon],
    ],
    titel: doc.beschreibung,
    kategorie: doc.kategorie,
    erstellt: doc.erstellt,
    bloecke: doc.bloecke,
  });
  await executor.insert(t.documents).values({
    customerId: to.customerId,
    contractId: doc.contractId,
    dateiname: doc.dateiname,
    kategorie: doc.kategorie,
    beschreibung: doc.beschreibung,
    erstellzeitpunkt: doc.erstellt,
    contentType: 'application/pdf',
    bytes,
  });
}
