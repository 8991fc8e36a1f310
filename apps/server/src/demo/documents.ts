import {
  addMonths,
  dynamicWorkingPrice,
  formatCentPerKwh,
  formatDate,
  formatEuro,
  formatKwh,
  formatMeterReading,
  formatNumber,
  kwhPerMeterUnit,
  round,
  startOfBerlinDay,
  vatFactor,
  type Mandant,
} from '@kundenportal/contract';
import { annualBill, monthlyInstalment } from '../modules/documents/annual-bill';
import type { LetterBlock } from '../modules/documents/letter-pdf';
import { exchangePrice, hours, householdConsumption, priceIntervals } from './energy-series';
import type { DemoContract, DemoReading, DemoTariff } from './model';

/** A demo document's row and what its letter says. */
export interface DemoDocument {
  contractId: number | null;
  dateiname: string;
  kategorie: string;
  beschreibung: string;
  erstellt: Date;
  bloecke: LetterBlock[];
}

const euroPerYear = (value: number) => `${formatEuro(value)} pro Jahr`;
const netAndGross = (net: number, format: (value: number) => string) =>
  `${format(net)} netto (${format(round(net * vatFactor(true), 4))} brutto)`;
const lieferstelle = (contract: DemoContract) =>
  `${contract.adresse.strasse} ${contract.adresse.hausnummer}, ${contract.adresse.plz} ${contract.adresse.ort}`;
/** A one-channel meter's reading with the meter's decimals, as every screen and mail shows it. */
const meterReading = (contract: DemoContract, reading: DemoReading) => {
  const kanal = contract.zaehler?.kanaele[0];
  return kanal
    ? formatMeterReading(kanal.obiskennzahl, reading.werte[0] ?? 0, kanal.nachkommastellen)
    : '–';
};

const tariffOf = (contract: DemoContract, name: string): DemoTariff => {
  const tariff = contract.tarife.find((each) => each.name === name);
  if (!tariff) throw new Error(`Demo-Tarif ${name} fehlt`);
  return tariff;
};
const readingOn = (contract: DemoContract, day: string): DemoReading => {
  const reading = contract.zaehler?.ablesungen.find((each) => each.ablesedatum === day);
  if (!reading) throw new Error(`Demo-Ablesung vom ${day} fehlt`);
  return reading;
};

/** Consumption between two readings in kWh (gas: m³ × the contract package's conversion). */
const consumptionKwh = (contract: DemoContract, from: DemoReading, to: DemoReading) =>
  round(((to.werte[0] ?? 0) - (from.werte[0] ?? 0)) * kwhPerMeterUnit(contract.versorgungsart), 2);

/**
 * The mean exchange price (EUR/kWh, net) of the German year `year`, weighted by the demo
 * household's hourly consumption: what a dynamic tariff bills as its working price. The same
 * series fill the database's hours, so the bill agrees with the screens' hourly views.
 */
function weightedExchangePrice(year: number, yearlyKwh: number): number {
  const from = startOfBerlinDay(`${year}-01-01`);
  const to = startOfBerlinDay(`${year + 1}-01-01`);
  const hourly = new Map<number, number[]>();
  for (const interval of priceIntervals(from, to)) {
    const hour = Math.floor(interval.getTime() / 3_600_000);
    hourly.set(hour, [...(hourly.get(hour) ?? []), exchangePrice(interval)]);
  }
  let weighted = 0;
  let consumption = 0;
  for (const hour of hours(from, to)) {
    const prices = hourly.get(Math.floor(hour.getTime() / 3_600_000)) ?? [];
    const kwh = householdConsumption(hour, yearlyKwh);
    weighted += (kwh * prices.reduce((a, b) => a + b, 0)) / prices.length;
    consumption += kwh;
  }
  return weighted / consumption;
}

const widerruf = (mandant: Mandant): LetterBlock[] => [
  { art: 'zwischentitel', text: 'Widerrufsbelehrung' },
  {
    art: 'absatz',
    text:
      'Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu ' +
      'widerrufen. Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses. ' +
      `Um Ihr Widerrufsrecht auszuüben, müssen Sie uns (${mandant.firma.name}, ` +
      `${mandant.firma.anschrift.join(', ')}, Telefon ${mandant.firma.telefon}, E-Mail ` +
      `${mandant.serviceEmail}) mittels einer eindeutigen Erklärung (z. B. ein mit der Post ` +
      'versandter Brief oder eine E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, ' +
      'informieren. Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über ' +
      'die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.',
  },
  {
    art: 'absatz',
    text:
      'Haben Sie verlangt, dass die Belieferung während der Widerrufsfrist beginnen soll, so ' +
      'haben Sie uns einen angemessenen Betrag zu zahlen, der dem Anteil der bis zu dem ' +
      'Zeitpunkt, zu dem Sie uns von der Ausübung des Widerrufsrechts unterrichten, bereits ' +
      'erbrachten Leistungen im Vergleich zum Gesamtumfang der im Vertrag vorgesehenen ' +
      'Leistungen entspricht.',
  },
];

const GREETING = (mandant: Mandant): LetterBlock => ({
  art: 'absatz',
  text: `Mit freundlichen Grüßen\nIhre ${mandant.name}`,
});

/** What 10001 paid each month of 2025 on the dynamic contract (gross). */
const ABSCHLAG_STROM_2025 = 95;

/** The bill of 10001's dynamic electricity contract for 2025, from its readings and tariff. */
function electricityBill2025(contract: DemoContract, mandant: Mandant): LetterBlock[] {
  const tariff = tariffOf(contract, 'Musterstrom Dynamisch');
  const from = readingOn(contract, '2024-12-31');
  const to = readingOn(contract, '2025-12-31');
  const kwh = consumptionKwh(contract, from, to);
  const exchange = round(weightedExchangePrice(2025, contract.jahresverbrauchKwh ?? 3000), 4);
  const workingPrice = round(dynamicWorkingPrice(exchange, tariff.aufschlag ?? 0, false), 4);
  const monthlyBase = round(tariff.grundpreis / 12, 4);
  const abschlag = ABSCHLAG_STROM_2025;
  const bill = annualBill(
    [
      { text: 'Arbeitspreis', menge: kwh, einheit: 'kWh', preisNetto: workingPrice },
      { text: 'Grundpreis', menge: 12, einheit: 'Monate', preisNetto: monthlyBase },
    ],
    Array.from({ length: 12 }, () => abschlag),
  );
  const balance = Math.abs(bill.saldo);
  const newInstalment = monthlyInstalment(bill.brutto);
  return [
    {
      art: 'absatz',
      text:
        'Sehr geehrter Herr Mustermann,\nmit dieser Rechnung rechnen wir Ihren Stromverbrauch ' +
        'vom 01.01.2025 bis 31.12.2025 ab.',
    },
    {
      art: 'fakten',
      zeilen: [
        ['Abrechnungszeitraum', '01.01.2025 – 31.12.2025 (365 Tage)'],
        ['Lieferstelle', lieferstelle(contract)],
        ['Tarif', tariff.name],
        ['Zählernummer', contract.zaehler?.nummer ?? '–'],
      ],
    },
    { art: 'zwischentitel', text: 'Ihr Verbrauch' },
    {
      art: 'tabelle',
      spalten: [
        { titel: 'Ablesedatum', breite: 40 },
        { titel: 'Ermittlung', breite: 55 },
        { titel: 'Zählerstand', breite: 30, rechts: true },
      ],
      zeilen: [from, to].map((reading) => [
        formatDate(reading.ablesedatum),
        reading.ableseart,
        meterReading(contract, reading),
      ]),
      summen: [['Verbrauch', '', formatKwh(kwh)]],
    },
    { art: 'zwischentitel', text: 'Ihre Kosten' },
    {
      art: 'tabelle',
      spalten: [
        { titel: 'Position', breite: 60 },
        { titel: 'Menge', breite: 35, rechts: true },
        { titel: 'Preis netto', breite: 35, rechts: true },
        { titel: 'Betrag netto', breite: 35, rechts: true },
      ],
      zeilen: [
        [
          'Arbeitspreis (dynamisch)',
          formatKwh(kwh),
          formatCentPerKwh(workingPrice),
          formatEuro(bill.positionen[0]!.betragNetto),
        ],
        [
          'Grundpreis',
          '12 Monate',
          `${formatEuro(monthlyBase)}/Monat`,
          formatEuro(bill.positionen[1]!.betragNetto),
        ],
      ],
      summen: [
        ['Summe netto', '', '', formatEuro(bill.netto)],
        ['Umsatzsteuer 19 %', '', '', formatEuro(bill.umsatzsteuer)],
        ['Rechnungsbetrag brutto', '', '', formatEuro(bill.brutto)],
        [
          `Gezahlte Abschläge (12 × ${formatEuro(abschlag)})`,
          '',
          '',
          `-${formatEuro(bill.abschlaegeBezahlt)}`,
        ],
        [bill.saldo > 0 ? 'Nachzahlung' : 'Guthaben', '', '', formatEuro(balance)],
      ],
    },
    {
      art: 'absatz',
      text:
        'Der Arbeitspreis Ihres dynamischen Tarifs folgt stündlich dem Börsenpreis (Day-Ahead). ' +
        'Abgerechnet wird der nach Ihrem Verbrauch gewichtete Mittelwert des Jahres 2025: ' +
        `Börsenpreis ${formatCentPerKwh(exchange)} plus Aufschlag ` +
        `${formatCentPerKwh(tariff.aufschlag ?? 0)}, jeweils netto. Der Grundpreis beträgt ` +
        `${euroPerYear(tariff.grundpreis)} netto.`,
    },
    {
      art: 'absatz',
      text:
        bill.saldo > 0
          ? `Den Betrag von ${formatEuro(balance)} buchen wir am 28.01.2026 von Ihrem Konto ` +
            'DE89 3704 0044 0532 0130 00 ab (Mandatsreferenz MR-10001-0001).'
          : `Ihr Guthaben von ${formatEuro(balance)} überweisen wir bis zum 28.01.2026 auf Ihr ` +
            'Konto DE89 3704 0044 0532 0130 00.',
    },
    {
      art: 'absatz',
      text:
        `Ihr neuer monatlicher Abschlag ab Februar 2026 beträgt ${formatEuro(newInstalment)}. ` +
        `Fragen zu Ihrer Rechnung beantworten wir gern unter ${mandant.firma.telefon} ` +
        `(${mandant.firma.servicezeiten}).`,
    },
    GREETING(mandant),
  ];
}

function contractConfirmation(
  contract: DemoContract,
  tariff: DemoTariff,
  mandant: Mandant,
  gross: boolean,
): LetterBlock[] {
  const net = (value: number) => (gross ? value / vatFactor(true) : value);
  const workingPrice =
    tariff.tariftyp === 'DYNAMISCHER_PREIS'
      ? `Börsenpreis (Day-Ahead, stündlich) plus Aufschlag ${netAndGross(tariff.aufschlag ?? 0, formatCentPerKwh)}`
      : netAndGross(net(tariff.arbeitspreis ?? 0), formatCentPerKwh);
  return [
    {
      art: 'absatz',
      text:
        'Sehr geehrter Herr Mustermann,\nvielen Dank für Ihren Auftrag. Wir bestätigen Ihnen ' +
        `den Vertrag über die Belieferung mit ${contract.versorgungsart === 'GAS' ? 'Erdgas' : 'Strom'} ` +
        'zu folgenden Bedingungen:',
    },
    {
      art: 'fakten',
      zeilen: [
        ['Lieferstelle', lieferstelle(contract)],
        ['Zählernummer', contract.zaehler?.nummer ?? '–'],
        ['Lieferbeginn', formatDate(contract.lieferbeginn ?? '')],
        ['Tarif', tariff.name],
        ...(typeof tariff.gueltigVon === 'string' && tariff.gueltigVon !== contract.lieferbeginn
          ? [['Tarif gültig ab', formatDate(tariff.gueltigVon)] as [string, string]]
          : []),
        ['Arbeitspreis', workingPrice],
        ['Grundpreis', netAndGross(net(tariff.grundpreis), euroPerYear)],
        ['Preisgarantie', tariff.preisgarantietyp ?? 'keine (dynamischer Tarif)'],
        ['Zahlungsweise', 'monatlicher Abschlag per SEPA-Lastschrift'],
      ],
    },
    {
      art: 'absatz',
      text:
        'Die Preise enthalten Netzentgelte, Messstellenbetrieb, Steuern, Abgaben und Umlagen; ' +
        'die Umsatzsteuer beträgt 19 %. Es gelten unsere Allgemeinen Geschäftsbedingungen.',
    },
    ...widerruf(mandant),
    GREETING(mandant),
  ];
}

/** 10001's gas instalments for the twelve months from November 2025, from last year's use. */
function gasInstalmentPlan(contract: DemoContract, mandant: Mandant): LetterBlock[] {
  const tariff = tariffOf(contract, 'Mustergas Komfort');
  const from = readingOn(contract, '2024-09-30');
  const to = readingOn(contract, '2025-09-30');
  const kwh = consumptionKwh(contract, from, to);
  const yearlyGross = round(kwh * (tariff.arbeitspreis ?? 0) + tariff.grundpreis, 2);
  const instalment = monthlyInstalment(yearlyGross);
  const days = Array.from({ length: 12 }, (_, index) => addMonths('2025-11-15', index));
  return [
    {
      art: 'absatz',
      text:
        'Sehr geehrter Herr Mustermann,\nauf Grundlage Ihres Verbrauchs vom 30.09.2024 bis ' +
        `30.09.2025 (${formatNumber((to.werte[0] ?? 0) - (from.werte[0] ?? 0))} m³, umgerechnet ` +
        `${formatKwh(kwh)}) und Ihres Tarifs ${tariff.name} erwarten wir Kosten von ` +
        `${formatEuro(yearlyGross)} brutto im Jahr. Daraus ergibt sich Ihr monatlicher Abschlag ` +
        `von ${formatEuro(instalment)}.`,
    },
    {
      art: 'fakten',
      zeilen: [
        ['Lieferstelle', lieferstelle(contract)],
        ['Arbeitspreis', `${formatCentPerKwh(tariff.arbeitspreis ?? 0)} brutto`],
        ['Grundpreis', `${euroPerYear(tariff.grundpreis)} brutto`],
        ['Zahlungsweise', 'SEPA-Lastschrift, Mandatsreferenz MR-10001-0002'],
      ],
    },
    {
      art: 'tabelle',
      spalten: [
        { titel: 'Fällig am', breite: 60 },
        { titel: 'Betrag', breite: 40, rechts: true },
      ],
      zeilen: days.map((day) => [formatDate(day), formatEuro(instalment)]),
      summen: [['Summe', formatEuro(instalment * days.length)]],
    },
    {
      art: 'absatz',
      text:
        'Die Abschläge werden am Fälligkeitstag von Ihrem Konto abgebucht. Ändert sich Ihr ' +
        'Verbrauch deutlich, passen wir den Abschlag auf Ihren Wunsch gern an.',
    },
    GREETING(mandant),
  ];
}

function heatPumpPrices(contract: DemoContract, mandant: Mandant): LetterBlock[] {
  const tariff = tariffOf(contract, 'Musterstrom Wärmepumpe HT/NT');
  const gross = (value: number) => round(value * vatFactor(true), 4);
  return [
    {
      art: 'absatz',
      text:
        'Sehr geehrter Herr Mustermann,\nhier finden Sie die aktuellen Preise Ihres ' +
        `Wärmepumpentarifs ${tariff.name} an der Lieferstelle ${lieferstelle(contract)}.`,
    },
    {
      art: 'tabelle',
      spalten: [
        { titel: 'Preisbestandteil', breite: 70 },
        { titel: 'netto', breite: 40, rechts: true },
        { titel: 'brutto', breite: 40, rechts: true },
      ],
      zeilen: [
        [
          'Arbeitspreis Hochtarif (HT)',
          formatCentPerKwh(tariff.arbeitspreis ?? 0),
          formatCentPerKwh(gross(tariff.arbeitspreis ?? 0)),
        ],
        [
          'Arbeitspreis Niedertarif (NT)',
          formatCentPerKwh(tariff.arbeitspreisNt ?? 0),
          formatCentPerKwh(gross(tariff.arbeitspreisNt ?? 0)),
        ],
        [
          'Grundpreis pro Jahr',
          formatEuro(tariff.grundpreis),
          formatEuro(gross(tariff.grundpreis)),
        ],
      ],
    },
    {
      art: 'absatz',
      text: `${tariff.preisgarantietyp ?? 'Keine Preisgarantie'}. Die Umsatzsteuer beträgt 19 %.`,
    },
    GREETING(mandant),
  ];
}

/** The six documents of 10001, each written from the demo contract it belongs to. */
export function maxDocuments(
  mandant: Mandant,
  contracts: { spec: DemoContract; id: number }[],
): DemoDocument[] {
  const byKey = (key: string) => {
    const found = contracts.find((each) => each.spec.key === key);
    if (!found) throw new Error(`Demo-Vertrag ${key} fehlt`);
    return found;
  };
  const dynamic = byKey('strom-dynamisch');
  const gas = byKey('gas');
  const night = byKey('strom-tag-nacht');
  return [
    {
      contractId: dynamic.id,
      dateiname: 'Vertragsbestaetigung_Strom_Dynamisch.pdf',
      kategorie: 'Vertrag',
      beschreibung: 'Vertragsbestätigung Musterstrom Dynamisch',
      erstellt: new Date('2024-12-02T09:15:00Z'),
      bloecke: contractConfirmation(
        dynamic.spec,
        tariffOf(dynamic.spec, 'Musterstrom Dynamisch'),
        mandant,
        false,
      ),
    },
    {
      contractId: gas.id,
      dateiname: 'Vertragsbestaetigung_Gas.pdf',
      kategorie: 'Vertrag',
      beschreibung: 'Vertragsbestätigung Mustergas Komfort',
      erstellt: new Date('2023-09-12T08:30:00Z'),
      bloecke: contractConfirmation(
        gas.spec,
        tariffOf(gas.spec, 'Mustergas Komfort'),
        mandant,
        true,
      ),
    },
    {
      contractId: dynamic.id,
      dateiname: 'Jahresabrechnung_Strom_2025.pdf',
      kategorie: 'Rechnung',
      beschreibung: 'Jahresabrechnung Strom 2025',
      erstellt: new Date('2026-01-14T06:45:00Z'),
      bloecke: electricityBill2025(dynamic.spec, mandant),
    },
    {
      contractId: gas.id,
      dateiname: 'Abschlagsplan_Gas_2026.pdf',
      kategorie: 'Abschlagsplan',
      beschreibung: 'Abschlagsplan Gas 2026',
      erstellt: new Date('2025-10-08T10:00:00Z'),
      bloecke: gasInstalmentPlan(gas.spec, mandant),
    },
    {
      contractId: night.id,
      dateiname: 'Preisinformation_Waermepumpe.pdf',
      kategorie: 'Preisinformation',
      beschreibung: 'Preisinformation Wärmepumpenstrom',
      erstellt: new Date('2025-11-20T12:00:00Z'),
      bloecke: heatPumpPrices(night.spec, mandant),
    },
    {
      contractId: null,
      dateiname: 'Willkommen_im_Kundenportal.pdf',
      kategorie: 'Information',
      beschreibung: 'Willkommen im Kundenportal',
      erstellt: new Date('2022-05-02T07:00:00Z'),
      bloecke: [
        {
          art: 'absatz',
          text:
            'Sehr geehrter Herr Mustermann,\nwillkommen im Kundenportal. Hier erfassen Sie ' +
            'Zählerstände, sehen Ihren Verbrauch und Ihre Tarife, laden Rechnungen und ' +
            'Vertragsunterlagen herunter und ändern Ihre Adresse oder Bankverbindung – ' +
            'rund um die Uhr.',
        },
        {
          art: 'absatz',
          text:
            'Sie melden sich mit Ihrer Kundennummer (oben rechts auf diesem Schreiben) und ' +
            `Ihrem Passwort an. Bei Fragen erreichen Sie uns unter ${mandant.firma.telefon} ` +
            `(${mandant.firma.servicezeiten}) oder per E-Mail an ${mandant.serviceEmail}.`,
        },
        GREETING(mandant),
      ],
    },
  ];
}
