import {
  addDays,
  addMonths,
  berlinDayOf,
  firstOfMonth,
  formatDate,
  kundennummerText,
  type ImportInput,
  type Mandant,
} from '@kundenportal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import * as t from '../db/schema/index';
import { hashPassword } from '../modules/auth/password';
import { importRecord, type Transactional } from '../modules/import/service';
import type { DemoContract } from './model';
import type { SeriesImportService } from '../modules/series-import/service';
import { demoWindow, startOfHour } from './energy-series';
import { storeDemoConsumption, storeDemoPrices } from './series';
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

/** The demo's row as the billing system would send it: its access state instead of two flags. */
export async function insertCustomer(
  db: Transactional,
  row: Omit<CustomerRow, 'passwordHash'>,
  password: string,
) {
  const { mustChangePassword, portalAccess, accessLevel, ...person } = row;
  await importRecord(db, 'geschaeftspartner', {
    ...person,
    portalzugang:
      portalAccess === false ? 'KEIN_ZUGANG' : mustChangePassword ? 'PASSWORT_AENDERN' : 'AKTIV',
    zugangsstufe: accessLevel as ImportInput<'geschaeftspartner'>['zugangsstufe'],
  } satisfies ImportInput<'geschaeftspartner'>);
  // The demo accounts' known password; an imported customer has none until her reset.
  const [customer] = await db
    .update(t.customers)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(t.customers.kundennummer, row.kundennummer))
    .returning({ id: t.customers.id });
  return customer!.id;
}

/**
 * A demo contract through the import: its Vertrag, Preisblatt, Zaehler, Ablesungen and hourly
 * Energiemengen, numbered as the database numbers contracts (the demo's 5000001 on).
 */
export async function insertContract(
  db: Transactional,
  customerId: number,
  spec: DemoContract,
  now: Date,
  series: SeriesImportService,
) {
  const today = berlinDayOf(now);
  const [customer] = await db
    .select({ kundennummer: t.customers.kundennummer })
    .from(t.customers)
    .where(eq(t.customers.id, customerId));
  const kundennummer = customer!.kundennummer;
  const [next] = await db
    .select({ id: sql<number>`nextval(pg_get_serial_sequence('contracts', 'id'))::integer` })
    .from(sql`(select 1) as one`);
  const contractId = Number(next!.id);
  await importRecord(db, 'vertraege', {
    vertragsnummer: contractId,
    kundennummer,
    versorgungsart: spec.versorgungsart,
    kundenArt: spec.kundenArt,
    anmeldungsart: spec.anmeldungsart,
    lieferbeginn: spec.lieferbeginn,
    gewuenschterLieferbeginn: spec.gewuenschterLieferbeginn,
    lieferende: spec.lieferende,
    gewuenschtesLieferende: spec.gewuenschtesLieferende,
    storniert: spec.storniert,
    lieferadresse: spec.adresse,
  } satisfies ImportInput<'vertraege'>);
  if (spec.tarife.length > 0)
    await importRecord(db, 'preisblaetter', {
      vertragsnummer: contractId,
      tarife: spec.tarife.map((tariff) => ({
        ...tariff,
        gueltigVon: tariffDay(tariff.gueltigVon, today),
        gueltigBis: tariffDay(tariff.gueltigBis, today, true),
      })),
    } satisfies ImportInput<'preisblaetter'>);

  if (spec.zaehler) {
    const { nummer, kanaele, ablesungen } = spec.zaehler;
    await importRecord(db, 'zaehler', {
      zaehlernummer: nummer,
      vertragsnummer: contractId,
      eingebautAm: spec.lieferbeginn,
      kanaele,
    } satisfies ImportInput<'zaehler'>);
    for (const { werte, ...reading } of ablesungen)
      await importRecord(db, 'ablesungen', {
        ...reading,
        vertragsnummer: contractId,
        zaehlernummer: nummer,
        werte: kanaele.map((kanal, index) => ({
          obiskennzahl: kanal.obiskennzahl,
          ablesewert: werte[index] ?? 0,
        })),
      } satisfies ImportInput<'ablesungen'>);
  }

  if (spec.stundenwerteTage) {
    const { from } = demoWindow(now, spec.stundenwerteTage);
    const span = { from, to: startOfHour(now) };
    await storeDemoConsumption(db, series, contractId, span, spec.jahresverbrauchKwh ?? 3000);
  }
  return contractId;
}

export async function insertExchangePrices(
  executor: Executor,
  series: SeriesImportService,
  now: Date,
  days: number,
) {
  const { from, pricesUntil } = demoWindow(now, days);
  await storeDemoPrices(executor, series, { from, to: pricesUntil });
}

/** Whom a demo document is written to, and by which variant. */
export interface Addressee {
  mandant: Mandant;
  customerId: number;
  kundennummer: string;
  empfaenger: string[];
}

/** A demo document: the letter written as a PDF now, imported as the billing system sends one. */
export async function insertDocument(db: Transactional, to: Addressee, doc: DemoDocument) {
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
  await importRecord(db, 'dokumente', {
    schluessel: `${to.kundennummer}/${doc.dateiname}/${doc.erstellt.toISOString()}`,
    kundennummer: to.kundennummer,
    vertragsnummer: doc.contractId,
    dateiname: doc.dateiname,
    kategorie: doc.kategorie,
    beschreibung: doc.beschreibung,
    erstellzeitpunkt: doc.erstellt.toISOString(),
    inhalt: Buffer.from(bytes).toString('base64'),
  } satisfies ImportInput<'dokumente'>);
}
