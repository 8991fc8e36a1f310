import { eq, inArray, sql } from 'drizzle-orm';
import { berlinStartOfMonth } from '@kundenportal/contract';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { hashPassword } from '../modules/auth/password';
import { createSeriesImportService } from '../modules/series-import/service';
import { startOfHour } from './energy-series';
import { insertInChunks } from './insert';
import { storeDemoConsumption } from './series';
import { DEMO_PASSWORD, GAS, STROM } from './model';

export const SYNTHETIC_FIRST_NUMBER = 200_001;

const FIRST_NAMES = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hannes',
  'Ida',
  'Jonas',
];
const LAST_NAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
];
const STREETS = [
  'Hauptstraße',
  'Schulweg',
  'Lindenallee',
  'Bahnhofstraße',
  'Am Markt',
  'Gartenweg',
];

/**
 * `count` customers numbered from 200001, each with an electricity and a gas contract, tariff,
 * meter, three readings, billing address and bank details: for benchmarks on tables of a real
 * supplier's size. All share the demo password, hashed once.
 */
export async function seedSyntheticCustomers(db: Database, count: number): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const customers = await tx
      .insert(t.customers)
      .values(
        Array.from({ length: count }, (_, i) => ({
          kundennummer: String(SYNTHETIC_FIRST_NUMBER + i),
          passwordHash,
          anrede: i % 2 === 0 ? 'Frau' : 'Herr',
          vorname: FIRST_NAMES[i % FIRST_NAMES.length]!,
          nachname: LAST_NAMES[i % LAST_NAMES.length]!,
          email: `kunde${SYNTHETIC_FIRST_NUMBER + i}@example.de`,
        })),
      )
      .returning({ id: t.customers.id });

    const address = (i: number) => ({
      strasse: STREETS[i % STREETS.length]!,
      hausnummer: String((i % 120) + 1),
      plz: String(10_000 + (i % 89_999)).padStart(5, '0'),
      ort: 'Musterstadt',
    });
    const contractRows = customers.flatMap(({ id }, i) =>
      (['STROM', 'GAS'] as const).map((versorgungsart) => ({
        customerId: id,
        versorgungsart,
        anmeldungsart: 'Lieferantenwechsel',
        kundenArt: 'Haushaltskunde',
        lieferbeginn: '2024-01-01',
        gewuenschterLieferbeginn: '2024-01-01',
        ...address(i),
      })),
    );
    const contracts: { id: number; versorgungsart: string }[] = [];
    await insertInChunks(contractRows, async (chunk) => {
      contracts.push(
        ...(await tx
          .insert(t.contracts)
          .values(chunk)
          .returning({ id: t.contracts.id, versorgungsart: t.contracts.versorgungsart })),
      );
    });
    await insertInChunks(contracts, (chunk) =>
      tx.insert(t.tariffs).values(
        chunk.map(({ id, versorgungsart }) => ({
          contractId: id,
          name: versorgungsart === 'GAS' ? 'Mustergas Komfort' : 'Musterstrom Fix 24',
          tariftyp: 'ALLES_INKLUSIVE_BRUTTO',
          arbeitspreis: versorgungsart === 'GAS' ? 0.1189 : 0.3299,
          grundpreis: versorgungsart === 'GAS' ? 189.6 : 139.2,
          gueltigVon: '2024-01-01',
        })),
      ),
    );

    const meters: { id: number; contractId: number }[] = [];
    await insertInChunks(contracts, async (chunk) => {
      meters.push(
        ...(await tx
          .insert(t.meters)
          .values(
            chunk.map(({ id }) => ({
              contractId: id,
              nummer: `SYN${id}`,
              eingebautAm: '2024-01-01',
            })),
          )
          .returning({ id: t.meters.id, contractId: t.meters.contractId })),
      );
    });
    const isGas = new Map(
      contracts.map(({ id, versorgungsart }) => [id, versorgungsart === 'GAS']),
    );
    const channelOf = (contractId: number) => (isGas.get(contractId) ? GAS : STROM);
    await insertInChunks(meters, (chunk) =>
      tx
        .insert(t.meterChannels)
        .values(chunk.map((meter) => ({ meterId: meter.id, ...channelOf(meter.contractId) }))),
    );

    const readingRows = meters.flatMap((meter) =>
      ['2024-01-01', '2024-12-31', '2025-12-31'].map((ablesedatum) => ({
        contractId: meter.contractId,
        meterId: meter.id,
        ablesedatum,
        ablesegrund: 'Turnusablesung',
        ableseart: 'Ablesung vor Ort',
        ermittlungsart: 'NETZBETREIBER',
      })),
    );
    const readings: { id: number; contractId: number }[] = [];
    await insertInChunks(readingRows, async (chunk) => {
      readings.push(
        ...(await tx
          .insert(t.readings)
          .values(chunk)
          .returning({ id: t.readings.id, contractId: t.readings.contractId })),
      );
    });
    // Three readings a meter, in date order: each one 2800 units above the one before.
    const valueRows = readings.map((reading, index) => ({
      readingId: reading.id,
      obiskennzahl: channelOf(reading.contractId).obiskennzahl,
      ablesewert: 1000 + (index % 3) * 2800,
      nachkommastellen: channelOf(reading.contractId).nachkommastellen,
    }));
    await insertInChunks(valueRows, (chunk) => tx.insert(t.readingValues).values(chunk));

    await insertInChunks(customers, (chunk) =>
      tx.insert(t.billingAddresses).values(
        chunk.map(({ id }, i) => ({
          customerId: id,
          anrede: 'Herr',
          vorname: 'Synthetisch',
          nachname: 'Kunde',
          strasse: address(i).strasse,
          hausnummer: address(i).hausnummer,
          postleitzahl: address(i).plz,
          ort: address(i).ort,
          gueltigVon: '2024-01-01',
        })),
      ),
    );
    await insertInChunks(customers, (chunk) =>
      tx.insert(t.bankDetails).values(
        chunk.map(({ id }) => ({
          customerId: id,
          kontoinhaber: 'Synthetischer Kunde',
          iban: 'DE89370400440532013000',
          bic: 'COBADEFFXXX',
          bankname: 'Commerzbank',
          gueltigVon: '2024-01-01',
        })),
      ),
    );
  });
}

/**
 * A household's hours since the first of the month 13 months ago on the first contract of each
 * of the first `count` synthetic customers: the bench's history under many customers at once,
 * each on a contract of its own, as of a customer supplied for longer than the year they look
 * at (a month their data begins in has a gap, and is read from the database each time).
 */
export async function seedSyntheticConsumption(db: Database, count: number) {
  const numbers = Array.from({ length: count }, (_, i) => String(SYNTHETIC_FIRST_NUMBER + i));
  const firstContracts = await db
    .select({ id: sql<number>`min(${t.contracts.id})` })
    .from(t.contracts)
    .innerJoin(t.customers, eq(t.customers.id, t.contracts.customerId))
    .where(inArray(t.customers.kundennummer, numbers))
    .groupBy(t.customers.id);
  const now = new Date();
  const series = createSeriesImportService(db, { now: () => now });
  const span = { from: berlinStartOfMonth(now, -13), to: startOfHour(now) };
  for (const { id } of firstContracts) {
    await db.transaction((tx) => storeDemoConsumption(tx, series, id, span, 3_500));
  }
}
