import type { Mandant } from '@kundenportal/contract';
import { importRecord, type Transactional } from '../modules/import/service';
import type { SeriesImportService } from '../modules/series-import/service';
import { insertContract, insertCustomer, insertDocument } from './insert';
import { DEMO_PASSWORD, STROM, yearly, type DemoContract, type DemoTariff } from './model';

const baeckerei = { strasse: 'Industriestraße', hausnummer: '40', plz: '54321', ort: 'Backhausen' };
export const gewerbeTarif = (von: string | null): DemoTariff => ({
  name: 'Gewerbestrom Plus',
  tariftyp: 'ALLES_INKLUSIVE_NETTO',
  arbeitspreis: 0.2475,
  grundpreis: 240,
  preisgarantietyp: 'Eingeschränkte Preisgarantie',
  gueltigVon: von,
  gueltigBis: null,
});

const BAECKEREI_CONTRACTS: DemoContract[] = [
  {
    key: 'baeckerei-gekuendigt',
    versorgungsart: 'STROM',
    expectedStatus: 'GEKUENDIGT',
    kundenArt: 'Sondervertragskunde',
    anmeldungsart: 'Lieferantenwechsel',
    lieferbeginn: '2021-01-01',
    gewuenschterLieferbeginn: '2021-01-01',
    gewuenschtesLieferende: '2026-12-31',
    adresse: baeckerei,
    tarife: [gewerbeTarif('2021-01-01')],
    zaehler: {
      nummer: '1EMH0012345678',
      kanaele: [STROM],
      ablesungen: [yearly('2024-12-31', [190455.3]), yearly('2025-12-31', [231820.8])],
    },
  },
  {
    key: 'baeckerei-beauftragt',
    versorgungsart: 'GAS',
    expectedStatus: 'BEAUFTRAGT',
    kundenArt: 'Sondervertragskunde',
    anmeldungsart: 'Lieferantenwechsel',
    lieferbeginn: null,
    gewuenschterLieferbeginn: '2027-01-01',
    adresse: baeckerei,
    tarife: [
      {
        name: 'Gewerbegas Fix',
        tariftyp: 'ALLES_INKLUSIVE_NETTO',
        arbeitspreis: 0.0912,
        grundpreis: 310,
        preisgarantietyp: 'Vollständige Preisgarantie',
        gueltigVon: null,
        gueltigBis: null,
      },
    ],
  },
  {
    key: 'baeckerei-storniert',
    versorgungsart: 'STROM',
    expectedStatus: 'STORNIERT',
    kundenArt: 'Sondervertragskunde',
    anmeldungsart: 'Neueinzug',
    lieferbeginn: null,
    gewuenschterLieferbeginn: '2025-06-01',
    storniert: true,
    adresse: { ...baeckerei, hausnummer: '42' },
    tarife: [gewerbeTarif(null)],
  },
];

/** 10002: a company with cancelled, ordered and voided contracts. */
export async function seedBaeckerei(
  executor: Transactional,
  now: Date,
  mandant: Mandant,
  series: SeriesImportService,
) {
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
    ids.push(await insertContract(executor, customerId, spec, now, series));
  await importRecord(executor, 'rechnungsadressen', {
    schluessel: 'RA-10002-1',
    kundennummer: '10002',
    anrede: 'Firma',
    firma: 'Muster Bäckerei GmbH',
    co: 'Buchhaltung',
    strasse: 'Industriestraße',
    hausnummer: '40',
    postleitzahl: '54321',
    ort: 'Backhausen',
    gueltigVon: '2021-01-01',
  });
  await importRecord(executor, 'bankverbindungen', {
    schluessel: 'BV-10002-1',
    kundennummer: '10002',
    kontoinhaber: 'Muster Bäckerei GmbH',
    iban: 'DE75512108001245126199',
    bic: 'SOGEDEFFXXX',
    bankname: 'Société Générale',
    blz: '51210800',
    kontonummer: '1245126199',
    gueltigVon: '2021-01-01',
    mandatsreferenz: 'MR-10002-0001',
  });
  await insertDocument(
    executor,
    {
      mandant,
      customerId,
      kundennummer: '10002',
      empfaenger: ['Muster Bäckerei GmbH', 'Buchhaltung', 'Industriestraße 40', '54321 Backhausen'],
    },
    {
      contractId: ids[0] ?? null,
      dateiname: 'Kuendigungsbestaetigung.pdf',
      kategorie: 'Vertrag',
      beschreibung: 'Kündigungsbestätigung Gewerbestrom Plus',
      erstellt: new Date('2026-10-01T09:00:00Z'),
      bloecke: [
        {
          art: 'absatz',
          text:
            'Sehr geehrte Damen und Herren,\nwir bestätigen Ihnen die Kündigung Ihres ' +
            'Stromliefervertrags. Wir beliefern Sie bis zum Lieferende; danach erhalten Sie ' +
            'Ihre Schlussrechnung.',
        },
        {
          art: 'fakten',
          zeilen: [
            ['Lieferstelle', 'Industriestraße 40, 54321 Backhausen'],
            ['Tarif', 'Gewerbestrom Plus'],
            ['Kündigung zum', '31.12.2026'],
          ],
        },
        {
          art: 'absatz',
          text:
            'Bitte teilen Sie uns zum Lieferende Ihren Zählerstand mit – am einfachsten im ' +
            'Kundenportal.',
        },
        { art: 'absatz', text: `Mit freundlichen Grüßen\nIhre ${mandant.name}` },
      ],
    },
  );
}
