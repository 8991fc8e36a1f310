import type { ContractStatus, KundenArt, PriceModel, ReadingSource } from '@kundenportal/contract';

/** The demo accounts of DESIGN.md. Days are offsets from today where they must stay current. */

export const DEMO_PASSWORD = 'Demo-2026!';
export const FORCED_CHANGE_PASSWORD = 'Start-2026!';

export interface DemoTariff {
  name: string;
  tariftyp: PriceModel;
  arbeitspreis: number | null;
  arbeitspreisNt?: number;
  anteilNt?: number;
  grundpreis: number;
  aufschlag?: number;
  preisgarantietyp: string | null;
  /** YYYY-MM-DD, or a number: first day of the month this many months from today. */
  gueltigVon: string | number | null;
  gueltigBis: string | number | null;
}

export interface DemoChannel {
  obiskennzahl: string;
  vorkommastellen: number;
  nachkommastellen: number;
}

export interface DemoReading {
  ablesedatum: string;
  werte: number[];
  ermittlungsart: ReadingSource;
  ablesegrund: string;
  ableseart: string;
  erfassungshinweis?: string;
}

export interface DemoContract {
  key: string;
  versorgungsart: 'STROM' | 'GAS';
  expectedStatus: ContractStatus;
  kundenArt: KundenArt;
  anmeldungsart: string;
  lieferbeginn: string | null;
  gewuenschterLieferbeginn: string | null;
  lieferende?: string;
  gewuenschtesLieferende?: string;
  storniert?: boolean;
  adresse: { strasse: string; hausnummer: string; plz: string; ort: string };
  tarife: DemoTariff[];
  zaehler?: { nummer: string; kanaele: DemoChannel[]; ablesungen: DemoReading[] };
  /** Hourly consumption and prices for this many days back (dynamic tariffs). */
  stundenwerteTage?: number;
  jahresverbrauchKwh?: number;
}

const STROM: DemoChannel = { obiskennzahl: '1-1:1.8.0', vorkommastellen: 6, nachkommastellen: 1 };
const STROM_HT: DemoChannel = {
  obiskennzahl: '1-1:1.8.1',
  vorkommastellen: 6,
  nachkommastellen: 1,
};
const STROM_NT: DemoChannel = {
  obiskennzahl: '1-1:1.8.2',
  vorkommastellen: 6,
  nachkommastellen: 1,
};
const GAS: DemoChannel = { obiskennzahl: '7-1:3.0.0', vorkommastellen: 5, nachkommastellen: 3 };

const musterweg = { strasse: 'Musterweg', hausnummer: '12a', plz: '12345', ort: 'Musterstadt' };

const yearly = (
  ablesedatum: string,
  werte: number[],
  ermittlungsart: ReadingSource = 'NETZBETREIBER',
): DemoReading => ({
  ablesedatum,
  werte,
  ermittlungsart,
  ablesegrund: 'Turnusablesung',
  ableseart: ermittlungsart === 'ERSATZWERT' ? 'Schätzung' : 'Ablesung vor Ort',
});

export const MAX_CONTRACTS: DemoContract[] = [
  {
    key: 'strom-dynamisch',
    versorgungsart: 'STROM',
    expectedStatus: 'AKTIV',
    kundenArt: 'Haushaltskunde',
    anmeldungsart: 'Lieferantenwechsel',
    lieferbeginn: '2024-03-01',
    gewuenschterLieferbeginn: '2024-03-01',
    adresse: musterweg,
    stundenwerteTage: 420,
    jahresverbrauchKwh: 3200,
    tarife: [
      {
        name: 'Musterstrom Fix 24',
        tariftyp: 'ALLES_INKLUSIVE_BRUTTO',
        arbeitspreis: 0.3412,
        grundpreis: 142.8,
        preisgarantietyp: 'Eingeschränkte Preisgarantie',
        gueltigVon: '2024-03-01',
        gueltigBis: '2024-12-31',
      },
      {
        name: 'Musterstrom Dynamisch',
        tariftyp: 'DYNAMISCHER_PREIS',
        arbeitspreis: null,
        aufschlag: 0.1895,
        grundpreis: 154.2,
        preisgarantietyp: null,
        gueltigVon: '2025-01-01',
        gueltigBis: 1,
      },
      {
        name: 'Musterstrom Dynamisch 2',
        tariftyp: 'DYNAMISCHER_PREIS',
        arbeitspreis: null,
        aufschlag: 0.1795,
        grundpreis: 159.0,
        preisgarantietyp: null,
        gueltigVon: 1,
        gueltigBis: null,
      },
    ],
    zaehler: {
      nummer: '1ESY1160512345',
      kanaele: [STROM],
      ablesungen: [
        {
          ...yearly('2024-03-01', [10234.5]),
          ablesegrund: 'Einzug',
          ableseart: 'Ablesung durch Kunde',
          ermittlungsart: 'KUNDE',
        },
        yearly('2024-12-31', [12890.1]),
        yearly('2025-12-31', [16101.7]),
      ],
    },
  },
  {
    key: 'gas',
    versorgungsart: 'GAS',
    expectedStatus: 'AKTIV',
    kundenArt: 'Haushaltskunde',
    anmeldungsart: 'Neueinzug',
    lieferbeginn: '2023-10-01',
    gewuenschterLieferbeginn: '2023-10-01',
    adresse: musterweg,
    tarife: [
      {
        name: 'Mustergas Komfort',
        tariftyp: 'ALLES_INKLUSIVE_BRUTTO',
        arbeitspreis: 0.1189,
        grundpreis: 189.6,
        preisgarantietyp: 'Vollständige Preisgarantie bis 31.12.2026',
        gueltigVon: '2023-10-01',
        gueltigBis: null,
      },
    ],
    zaehler: {
      nummer: '7ELS8123456',
      kanaele: [GAS],
      ablesungen: [
        yearly('2023-10-01', [1520.125]),
        yearly('2024-09-30', [2801.44]),
        yearly('2025-09-30', [4015.9], 'ERSATZWERT'),
      ],
    },
  },
  {
    key: 'strom-tag-nacht',
    versorgungsart: 'STROM',
    expectedStatus: 'AKTIV',
    kundenArt: 'Haushaltskunde',
    anmeldungsart: 'Lieferantenwechsel',
    lieferbeginn: '2022-05-01',
    gewuenschterLieferbeginn: '2022-05-01',
    adresse: { strasse: 'Gartenstraße', hausnummer: '3', plz: '12347', ort: 'Musterstadt' },
    tarife: [
      {
        name: 'Musterstrom Wärmepumpe HT/NT',
        tariftyp: 'ALLES_INKLUSIVE_NETTO',
        arbeitspreis: 0.2641,
        arbeitspreisNt: 0.2015,
        anteilNt: 0.35,
        grundpreis: 98.4,
        preisgarantietyp: 'Eingeschränkte Preisgarantie',
        gueltigVon: '2022-05-01',
        gueltigBis: null,
      },
    ],
    zaehler: {
      nummer: '1APX5523001',
      kanaele: [STROM_HT, STROM_NT],
      ablesungen: [
        yearly('2024-04-30', [20410.2, 8120.4]),
        yearly('2025-04-30', [24688.0, 10402.9]),
      ],
    },
  },
  {
    key: 'strom-alt',
    versorgungsart: 'STROM',
    expectedStatus: 'BEENDET',
    kundenArt: 'Haushaltskunde',
    anmeldungsart: 'Neueinzug',
    lieferbeginn: '2019-02-01',
    gewuenschterLieferbeginn: '2019-02-01',
    lieferende: '2022-04-30',
    gewuenschtesLieferende: '2022-04-30',
    adresse: { strasse: 'Alte Gasse', hausnummer: '7/1', plz: '12349', ort: 'Musterstadt' },
    tarife: [
      {
        name: 'Musterstrom Basis',
        tariftyp: 'REINER_ENERGIEPREIS',
        arbeitspreis: 0.2198,
        grundpreis: 84.0,
        preisgarantietyp: null,
        gueltigVon: '2019-02-01',
        gueltigBis: '2022-04-30',
      },
    ],
    zaehler: {
      nummer: '1ESY1160400001',
      kanaele: [STROM],
      ablesungen: [
        yearly('2021-01-31', [4501.0]),
        { ...yearly('2022-04-30', [7012.3]), ablesegrund: 'Auszug' },
      ],
    },
  },
];

const baeckerei = { strasse: 'Industriestraße', hausnummer: '40', plz: '54321', ort: 'Backhausen' };
const gewerbeTarif = (von: string | null): DemoTariff => ({
  name: 'Gewerbestrom Plus',
  tariftyp: 'ALLES_INKLUSIVE_NETTO',
  arbeitspreis: 0.2475,
  grundpreis: 240,
  preisgarantietyp: 'Eingeschränkte Preisgarantie',
  gueltigVon: von,
  gueltigBis: null,
});

export const BAECKEREI_CONTRACTS: DemoContract[] = [
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

export const ACTIVE_SIMPLE_CONTRACT = (strasse: string): DemoContract => ({
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
