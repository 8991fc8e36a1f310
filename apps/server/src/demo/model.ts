import type { ContractStatus, KundenArt, PriceModel, ReadingSource } from '@kundenportal/contract';

/** The shape of the demo accounts of the README. Days are offsets from today where they must stay current. */

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

export const STROM: DemoChannel = {
  obiskennzahl: '1-1:1.8.0',
  vorkommastellen: 6,
  nachkommastellen: 1,
};
export const STROM_HT: DemoChannel = {
  obiskennzahl: '1-1:1.8.1',
  vorkommastellen: 6,
  nachkommastellen: 1,
};
export const STROM_NT: DemoChannel = {
  obiskennzahl: '1-1:1.8.2',
  vorkommastellen: 6,
  nachkommastellen: 1,
};
export const GAS: DemoChannel = {
  obiskennzahl: '7-1:3.0.0',
  vorkommastellen: 5,
  nachkommastellen: 3,
};

export const musterweg = {
  strasse: 'Musterweg',
  hausnummer: '12a',
  plz: '12345',
  ort: 'Musterstadt',
};

export const yearly = (
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
