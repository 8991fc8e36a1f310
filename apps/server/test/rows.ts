import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { readEnv, type AppConfig } from '../src/config';
import type { Database } from '../src/db/client';
import * as schema from '../src/db/schema/index';
import * as t from '../src/db/schema/index';
import { refreshHourlyPrices } from '../src/db/hourly-prices';
import { ensureHourlyPartitions } from '../src/db/partitions';
import { insertContract, insertCustomer } from '../src/demo/insert';
import { createSeriesImportService } from '../src/modules/series-import/service';
import { DEMO_PASSWORD, STROM, type DemoContract, type DemoTariff } from '../src/demo/model';
import type { ContractRow } from '../src/db/schema/index';
import { migratedPgliteDump } from './migrated-database';

/** Tests beside the modules take the demo's shapes from here: the modules never import the demo. */
export { GAS, type DemoContract } from '../src/demo/model';

/**
 * The rows a test relies on, built by the test itself through the demo's insert functions: a
 * changed demo must not silently change what a test proves. Every value a test asserts on is
 * named here or in the test, never read from the demo accounts.
 */

/**
 * An empty, migrated database in memory (no demo accounts), loaded from the kept result of
 * PGlite's initdb and the migrations (migrated-database.ts).
 */
export async function emptyDatabase(): Promise<{ db: Database; close(): Promise<void> }> {
  const client = new PGlite({ loadDataDir: await migratedPgliteDump() });
  const db: Database = drizzle(client, { schema });
  return { db, close: () => client.close() };
}

/** A fixed working-price tariff from 2020 on, open-ended. */
export const fixedTariff = (overrides: Partial<DemoTariff> = {}): DemoTariff => ({
  name: 'Teststrom Fix',
  tariftyp: 'ALLES_INKLUSIVE_BRUTTO',
  arbeitspreis: 0.3,
  grundpreis: 120,
  preisgarantietyp: null,
  gueltigVon: '2020-01-01',
  gueltigBis: null,
  ...overrides,
});

/** A dynamic tariff (exchange price + markup, kept net) from 2020 on, open-ended. */
export const dynamicTariff = (overrides: Partial<DemoTariff> = {}): DemoTariff => ({
  name: 'Teststrom Dynamisch',
  tariftyp: 'DYNAMISCHER_PREIS',
  arbeitspreis: null,
  aufschlag: 0.2,
  grundpreis: 100,
  preisgarantietyp: null,
  gueltigVon: '2020-01-01',
  gueltigBis: null,
  ...overrides,
});

/** An active household electricity contract with one fixed tariff and no meter. */
export const contractSpec = (overrides: Partial<DemoContract> = {}): DemoContract => ({
  key: 'test',
  versorgungsart: 'STROM',
  expectedStatus: 'AKTIV',
  kundenArt: 'Haushaltskunde',
  anmeldungsart: 'Neueinzug',
  lieferbeginn: '2020-01-01',
  gewuenschterLieferbeginn: '2020-01-01',
  adresse: { strasse: 'Prüfweg', hausnummer: '1', plz: '12345', ort: 'Musterstadt' },
  tarife: [fixedTariff()],
  ...overrides,
});

/** A meter of one channel (electricity unless given) read on the given days with the given values. */
export const meterReadings = (
  readings: [ablesedatum: string, wert: number][],
  kanal = STROM,
): NonNullable<DemoContract['zaehler']> => ({
  nummer: 'TEST0000000001',
  kanaele: [kanal],
  ablesungen: readings.map(([ablesedatum, wert]) => ({
    ablesedatum,
    werte: [wert],
    ermittlungsart: 'NETZBETREIBER',
    ablesegrund: 'Turnusablesung',
    ableseart: 'Ablesung vor Ort',
  })),
});

let nextCustomerNumber = 90_001;

/** A customer of its own, who can log in with `DEMO_PASSWORD`; an e-mail address if given. */
export async function newCustomer(db: Database, contact: { email?: string } = {}) {
  const kundennummer = String(nextCustomerNumber++);
  const customerId = await insertCustomer(
    db,
    { kundennummer, anrede: 'Frau', vorname: 'Test', nachname: 'Kundin', ...contact },
    DEMO_PASSWORD,
  );
  return { kundennummer, password: DEMO_PASSWORD, customerId };
}

/** The customer's new contracts as stored, in the given order. */
export async function newContracts(
  db: Database,
  customerId: number,
  specs: DemoContract[],
  now: Date,
): Promise<ContractRow[]> {
  const contracts: ContractRow[] = [];
  const series = createSeriesImportService(db, { now: () => now });
  for (const spec of specs) {
    const id = await insertContract(db, customerId, spec, now, series);
    const [row] = await db.select().from(t.contracts).where(eq(t.contracts.id, id));
    contracts.push(row!);
  }
  return contracts;
}

/** Metered hours of a contract with the given kWh (the demo's generator is not used). */
export async function meteredHours(db: Database, contractId: number, hours: [Date, number][]) {
  const starts = hours.map(([von]) => von.getTime());
  await ensureHourlyPartitions(
    db,
    new Date(Math.min(...starts)),
    new Date(Math.max(...starts) + 3_600_000),
  );
  await db
    .insert(t.hourlyConsumption)
    .values(hours.map(([von, verbrauch]) => ({ contractId, von, verbrauch })));
}

/** Exchange prices (EUR/kWh, net) of whole hours: each hour's four quarter-hours at its price. */
export async function hourPrices(db: Database, hours: [Date, number][]) {
  const quarters = hours.flatMap(([von, preis]) =>
    [0, 1, 2, 3].map((quarter) => ({ von: new Date(von.getTime() + quarter * 900_000), preis })),
  );
  await db.insert(t.exchangePrices).values(quarters).onConflictDoNothing();
  const starts = hours.map(([von]) => von.getTime());
  await refreshHourlyPrices(
    db,
    new Date(Math.min(...starts)),
    new Date(Math.max(...starts) + 3_600_000),
  );
}

/** The shipped configuration (the environment parser's defaults) with a fixed clock. */
export const configAt = (now: Date): AppConfig => ({ ...readEnv({}).config, now: () => now });

/**
 * Hours of the exchange and of the meters at once: [start, kWh or null (not metered yet), exchange
 * price net]; each contract is metered with the same kWh.
 */
export async function pricedHours(
  db: Database,
  contracts: ContractRow[],
  hours: [von: Date, kwh: number | null, preis: number][],
) {
  await hourPrices(
    db,
    hours.map(([von, , preis]) => [von, preis]),
  );
  const metered = hours.flatMap(([von, kwh]): [Date, number][] =>
    kwh === null ? [] : [[von, kwh]],
  );
  for (const contract of contracts) await meteredHours(db, contract.id, metered);
}
