import { count } from 'drizzle-orm';
import type { Mandant } from '@kundenportal/contract';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { createSeriesImportService } from '../modules/series-import/service';
import { gewerbeTarif, seedBaeckerei } from './baeckerei';
import { insertContract, insertCustomer } from './insert';
import { seedMax } from './max-mustermann';
import { DEMO_PASSWORD, FORCED_CHANGE_PASSWORD, STROM, yearly, type DemoContract } from './model';

const ACTIVE_SIMPLE_CONTRACT = (strasse: string): DemoContract => ({
  key: 'einfach',
  versorgungsart: 'STROM',
  expectedStatus: 'AKTIV',
  kundenArt: 'Haushaltskunde',
  anmeldungsart: 'Neueinzug',
  lieferbeginn: '2025-02-01',
  gewuenschterLieferbeginn: '2025-02-01',
  adresse: { strasse, hausnummer: '5', plz: '12345', ort: 'Musterstadt' },
  tarife: [
    {
      ...gewerbeTarif('2025-02-01'),
      name: 'Musterstrom Fix 24',
      tariftyp: 'ALLES_INKLUSIVE_BRUTTO',
      arbeitspreis: 0.3299,
      grundpreis: 139.2,
    },
  ],
  zaehler: {
    nummer: '1ESY1160599999',
    kanaele: [STROM],
    ablesungen: [yearly('2025-02-01', [512.0])],
  },
});

export async function hasNoCustomers(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.customers);
  return (row?.n ?? 0) === 0;
}

/** Creates the demo accounts on an empty database, their documents in the variant's letterhead. */
export async function seedDemoDataIfEmpty(
  db: Database,
  mandant: Mandant,
  now = new Date(),
): Promise<boolean> {
  if (!(await hasNoCustomers(db))) return false;
  // No customer could have read a month yet: nothing kept needs telling of the new series.
  const series = createSeriesImportService(db, { now: () => now });
  await db.transaction(async (tx) => {
    await seedMax(tx, now, mandant, series);
    await seedBaeckerei(tx, now, mandant, series);
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
    await insertContract(tx, forcedId, ACTIVE_SIMPLE_CONTRACT('Lindenweg'), now, series);
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
