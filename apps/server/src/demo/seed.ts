import { count } from 'drizzle-orm';
import { addMonths, format, startOfMonth } from 'date-fns';
import { formatDate } from '@kundenportal/contract';
import type { Database, Executor } from '../db/client';
import * as t from '../db/schema/index';
import { berlinDay } from '../lib/berlin-time';
import { hashPassword } from '../modules/auth/password';
import {
  ACTIVE_SIMPLE_CONTRACT,
  BAECKEREI_CONTRACTS,
  DEMO_PASSWORD,
  FORCED_CHANGE_PASSWORD,
  MAX_CONTRACTS,
  type DemoContract,
} from './accounts';
import {
  demoWindow,
  exchangePrice,
  hours,
  householdConsumption,
  startOfHour,
} from './energy-series';
import { letterPdf } from './pdf';

const SUPPLIER = 'Stadtwerke Musterstadt · Energieweg 1 · 12340 Musterstadt';
const INSERT_CHUNK = 1000;

type CustomerRow = typeof t.customers.$inferInsert;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

/** A tariff boundary: a fixed day, or the first day of the month `n` months from today. */
function tariffDay(value: string | number | null, today: string, dayBefore = false): string | null {
  if (value === null || typeof value === 'string') return value;
  const first = startOfMonth(addMonths(new Date(`${today}T12:00:00Z`), value));
  if (dayBefore) first.setUTCDate(first.getUTCDate() - 1);
  return format(first, 'yyyy-MM-dd');
}

async function insertCustomer(
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

async function insertContract(
  executor: Executor,
  customerId: number,
  spec: DemoContract,
  now: Date,
) {
  const today = berlinDay(now);
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
    const rows = [...hours(from, startOfHour(now))].map((von) => ({
      contractId,
      von,
      verbrauch: householdConsumption(von, yearlyKwh),
    }));
    await insertInChunks(rows, (chunk) => executor.insert(t.hourlyConsumption).values(chunk));
  }
  return contractId;
}

async function insertExchangePrices(executor: Executor, now: Date, days: number) {
  const { from, pricesUntil } = demoWindow(now, days);
  const rows = [...hours(from, pricesUntil)].map((von) => ({ von, preis: exchangePrice(von) }));
  await insertInChunks(rows, (chunk) =>
    executor.insert(t.exchangePrices).values(chunk).onConflictDoNothing(),
  );
}

async function insertDocument(
  executor: Executor,
  customerId: number,
  contractId: number | null,
  doc: {
    dateiname: string;
    kategorie: string;
    beschreibung: string;
    erstellt: Date;
    empfaenger: string[];
    zeilen: string[];
  },
) {
  const bytes = await letterPdf({
    absender: SUPPLIER,
    empfaenger: doc.empfaenger,
    titel: doc.beschreibung,
    zeilen: doc.zeilen,
    datum: `Musterstadt, ${formatDate(doc.erstellt)}`,
  });
  await executor.insert(t.documents).values({
    customerId,
    contractId,
    dateiname: doc.dateiname,
    kategorie: doc.kategorie,
    beschreibung: doc.beschreibung,
    erstellzeitpunkt: doc.erstellt,
    contentType: 'application/pdf',
    bytes,
  });
}

async function seedMax(executor: Executor, now: Date) {
  const today = berlinDay(now);
  const customerId = await insertCustomer(
    executor,
    {
      kundennummer: '10001',
      anrede: 'Herr',
      vorname: 'Max',
      nachname: 'Mustermann',
      geburtsdatum: '1980-04-12',
      email: 'max.mustermann@example.de',
      festnetz: '030 1234567',
      mobil: '0170 1234567',
    },
    DEMO_PASSWORD,
  );
  const ids: Record<string, number> = {};
  for (const spec of MAX_CONTRACTS)
    ids[spec.key] = await insertContract(executor, customerId, spec, now);
  const gasId = ids['gas']!;
  const dynamicId = ids['strom-dynamisch']!;
  const nightId = ids['strom-tag-nacht']!;

  const person = {
    anrede: 'Herr',
    vorname: 'Max',
    nachname: 'Mustermann',
    customerId,
    land: 'Deutschland',
  };
  await executor.insert(t.billingAddresses).values([
    {
      ...person,
      gueltigVon: '2019-02-01',
      gueltigBis: '2022-04-30',
      strasse: 'Alte Gasse',
      hausnummer: '7/1',
      postleitzahl: '12349',
      ort: 'Musterstadt',
    },
    {
      ...person,
      gueltigVon: '2022-05-01',
      strasse: 'Musterweg',
      hausnummer: '12a',
      postleitzahl: '12345',
      ort: 'Musterstadt',
      gueltigBis: tariffDay(2, today, true),
    },
    {
      ...person,
      gueltigVon: tariffDay(2, today)!,
      strasse: 'Neue Allee',
      hausnummer: '8-10',
      postleitzahl: '12351',
      ort: 'Musterstadt',
    },
    {
      ...person,
      contractId: nightId,
      gueltigVon: '2022-05-01',
      postfach: '1234',
      postleitzahl: '12340',
      ort: 'Musterstadt',
    },
  ]);
  await executor.insert(t.bankDetails).values([
    {
      customerId,
      kontoinhaber: 'Max Mustermann',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankname: 'Commerzbank',
      blz: '37040044',
      kontonummer: '532013000',
      gueltigVon: '2022-05-01',
      mandatsreferenz: 'MR-10001-0001',
    },
    {
      customerId,
      contractId: gasId,
      kontoinhaber: 'Erika Mustermann',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      bankname: 'Deutsche Kreditbank Berlin',
      blz: '12030000',
      kontonummer: '202051',
      gueltigVon: '2023-10-01',
      mandatsreferenz: 'MR-10001-0002',
    },
  ]);

  const empfaenger = ['Herrn Max Mustermann', 'Musterweg 12a', '12345 Musterstadt'];
  const documents = [
    {
      contractId: dynamicId,
      dateiname: 'Vertragsbestaetigung_Strom_Dynamisch.pdf',
      kategorie: 'Vertrag',
      beschreibung: 'Vertragsbestätigung Musterstrom Dynamisch',
      erstellt: new Date('2024-12-02T09:15:00Z'),
    },
    {
      contractId: gasId,
      dateiname: 'Vertragsbestaetigung_Gas.pdf',
      kategorie: 'Vertrag',
      beschreibung: 'Vertragsbestätigung Mustergas Komfort',
      erstellt: new Date('2023-09-12T08:30:00Z'),
    },
    {
      contractId: dynamicId,
      dateiname: 'Jahresabrechnung_Strom_2025.pdf',
      kategorie: 'Rechnung',
      beschreibung: 'Jahresabrechnung Strom 2025',
      erstellt: new Date('2026-01-14T06:45:00Z'),
    },
    {
      contractId: gasId,
      dateiname: 'Abschlagsplan_Gas_2026.pdf',
      kategorie: 'Abschlagsplan',
      beschreibung: 'Abschlagsplan Gas 2026',
      erstellt: new Date('2025-10-08T10:00:00Z'),
    },
    {
      contractId: nightId,
      dateiname: 'Preisinformation_Waermepumpe.pdf',
      kategorie: 'Preisinformation',
      beschreibung: 'Preisinformation Wärmepumpenstrom',
      erstellt: new Date('2025-11-20T12:00:00Z'),
    },
    {
      contractId: null,
      dateiname: 'Willkommen_im_Kundenportal.pdf',
      kategorie: 'Information',
      beschreibung: 'Willkommen im Kundenportal',
      erstellt: new Date('2022-05-02T07:00:00Z'),
    },
  ];
  for (const { contractId, ...doc } of documents) {
    await insertDocument(executor, customerId, contractId, {
      ...doc,
      empfaenger,
      zeilen: [
        'Sehr geehrter Herr Mustermann,',
        '',
        `anbei erhalten Sie: ${doc.beschreibung}.`,
        contractId
          ? `Vertragsnummer: ${contractId}`
          : 'Ihr Kundenportal steht Ihnen rund um die Uhr zur Verfügung.',
        '',
        'Mit freundlichen Grüßen',
        'Ihre Stadtwerke Musterstadt',
      ],
    });
  }
  const days = MAX_CONTRACTS.find((spec) => spec.stundenwerteTage)?.stundenwerteTage ?? 0;
  await insertExchangePrices(executor, now, days);
}

async function seedBaeckerei(executor: Executor, now: Date) {
  const customerId = await insertCustomer(
    executor,
    {
      kundennummer: '10002',
      anrede: 'Firma',
      firma: 'Muster Bäckerei GmbH',
      email: 'buchhaltung@muster-baeckerei.example',
      festnetz: '0654 32100',
      fax: '0654 32101',
    },
    DEMO_PASSWORD,
  );
  const ids: number[] = [];
  for (const spec of BAECKEREI_CONTRACTS)
    ids.push(await insertContract(executor, customerId, spec, now));
  await executor.insert(t.billingAddresses).values({
    customerId,
    anrede: 'Firma',
    firma: 'Muster Bäckerei GmbH',
    co: 'Buchhaltung',
    strasse: 'Industriestraße',
    hausnummer: '40',
    postleitzahl: '54321',
    ort: 'Backhausen',
    gueltigVon: '2021-01-01',
  });
  await executor.insert(t.bankDetails).values({
    customerId,
    kontoinhaber: 'Muster Bäckerei GmbH',
    iban: 'DE75512108001245126199',
    bic: 'SOGEDEFFXXX',
    bankname: 'Société Générale',
    blz: '51210800',
    kontonummer: '1245126199',
    gueltigVon: '2021-01-01',
    mandatsreferenz: 'MR-10002-0001',
  });
  await insertDocument(executor, customerId, ids[0] ?? null, {
    dateiname: 'Kuendigungsbestaetigung.pdf',
    kategorie: 'Vertrag',
    beschreibung: 'Kündigungsbestätigung Gewerbestrom Plus',
    erstellt: new Date('2026-10-01T09:00:00Z'),
    empfaenger: ['Muster Bäckerei GmbH', 'Industriestraße 40', '54321 Backhausen'],
    zeilen: ['Sehr geehrte Damen und Herren,', '', 'wir bestätigen die Kündigung zum 31.12.2026.'],
  });
}

/** Creates the demo accounts of DESIGN.md on an empty database; answers whether it did. */
export async function seedDemoDataIfEmpty(db: Database, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.customers);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    await seedMax(tx, now);
    await seedBaeckerei(tx, now);
    const forcedId = await insertCustomer(
      tx,
      {
        kundennummer: '10003',
        anrede: 'Frau',
        vorname: 'Erika',
        nachname: 'Neumann',
        email: 'erika.neumann@example.de',
        mustChangePassword: true,
      },
      FORCED_CHANGE_PASSWORD,
    );
    await insertContract(tx, forcedId, ACTIVE_SIMPLE_CONTRACT('Lindenweg'), now);
    await insertCustomer(
      tx,
      {
        kundennummer: '10004',
        anrede: 'Herr',
        vorname: 'Peter',
        nachname: 'Gesperrt',
        portalAccess: false,
      },
      DEMO_PASSWORD,
    );
    await insertCustomer(
      tx,
      {
        kundennummer: '10005',
        anrede: 'Frau',
        titel: 'Dr.',
        vorname: 'Lena',
        nachname: 'Leer',
        email: 'lena.leer@example.de',
      },
      DEMO_PASSWORD,
    );
  });
  return true;
}
