import { z } from 'zod';

/**
 * The German names of the fields our calls take, as a sentence needs them: nominative, and
 * accusative where it differs ("Bitte geben Sie den Vornamen an.").
 */
const FIELD_NAMES: Readonly<Record<string, readonly [nominativ: string, akkusativ?: string]>> = {
  kundennummer: ['die Kundennummer'],
  passwort: ['das Passwort'],
  altesPasswort: ['das bisherige Passwort'],
  neuesPasswort: ['das neue Passwort'],
  token: ['der Link zum Zurücksetzen', 'den Link zum Zurücksetzen'],
  basisurl: ['die Adresse des Kundenportals'],
  neuespasswort: ['das neue Passwort'],
  grund: ['der Kündigungsgrund', 'den Kündigungsgrund'],
  datum: ['das Lieferende'],
  text: ['der Text', 'den Text'],
  ablesedatum: ['das Ablesedatum'],
  zaehlernummer: ['die Zählernummer'],
  ablesewerte: ['der Zählerstand', 'den Zählerstand'],
  foto: ['das Foto'],
  email: ['die E-Mail-Adresse'],
  festnetz: ['die Festnetznummer'],
  mobil: ['die Mobilnummer'],
  fax: ['die Faxnummer'],
  betreff: ['der Betreff', 'den Betreff'],
  anrede: ['die Anrede'],
  titel: ['der Titel', 'den Titel'],
  firma: ['die Firma'],
  vorname: ['der Vorname', 'den Vornamen'],
  nachname: ['der Nachname', 'den Nachnamen'],
  co: ['der c/o-Zusatz', 'den c/o-Zusatz'],
  strasse: ['die Straße'],
  hausnummer: ['die Hausnummer'],
  postleitzahl: ['die Postleitzahl'],
  ort: ['der Ort', 'den Ort'],
  land: ['das Land'],
  postfach: ['das Postfach'],
  gueltigVon: ['das Datum „gültig ab“'],
  kontoinhaber: ['der Kontoinhaber', 'den Kontoinhaber'],
  iban: ['die IBAN'],
  bic: ['die BIC'],
  bankname: ['der Name der Bank', 'den Namen der Bank'],
  kontonummer: ['die Kontonummer'],
  blz: ['die Bankleitzahl'],
  lastschrifteinzugErlaubt: ['die Erlaubnis zum Lastschrifteinzug'],
  von: ['der Beginn des Zeitraums', 'den Beginn des Zeitraums'],
  bis: ['das Ende des Zeitraums'],
  interval: ['die Auflösung'],
  years: ['die Jahreszahl'],
  id: ['die Nummer'],
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function fieldName(path: readonly PropertyKey[] | undefined) {
  // Stryker disable next-line ArrayDeclaration: a path of one unknown name is no path: "die Angabe" either way
  const key = [...(path ?? [])]
    .reverse()
    .find((part): part is string => Object.hasOwn(FIELD_NAMES, part));
  const names = key ? FIELD_NAMES[key] : undefined;
  const nominativ = names?.[0] ?? 'die Angabe';
  return { nominativ, akkusativ: names?.[1] ?? nominativ, Nominativ: capitalize(nominativ) };
}

const AS_TYPE: Readonly<Record<string, string>> = {
  number: 'als Zahl',
  int: 'als ganze Zahl',
  boolean: 'als Ja oder Nein',
  string: 'als Text',
};
const AS_FORMAT: Readonly<Record<string, string>> = {
  date: 'als Datum',
  datetime: 'als Zeitpunkt mit Zeitzone',
  email: 'als gültige E-Mail-Adresse',
};

type Issue = z.core.$ZodRawIssue;

/**
 * A sentence a customer understands for one schema issue, naming the field. Schemas that carry
 * their own message keep it: this only replaces zod's technical defaults.
 */
export function germanIssueMessage(issue: Issue): string {
  const name = fieldName(issue.path);
  const missing = issue.input === undefined || issue.input === null;
  switch (issue.code) {
    case 'invalid_type': {
      if (missing) return `Bitte geben Sie ${name.akkusativ} an.`;
      const as = AS_TYPE[issue.expected];
      return as
        ? `Bitte geben Sie ${name.akkusativ} ${as} an.`
        : `${name.Nominativ} fehlt oder ist falsch aufgebaut.`;
    }
    case 'invalid_format': {
      const as = AS_FORMAT[issue.format];
      return as
        ? `Bitte geben Sie ${name.akkusativ} ${as} an.`
        : `${name.Nominativ} hat kein gültiges Format.`;
    }
    case 'invalid_value':
      if (missing || issue.input === '') return `Bitte wählen Sie ${name.akkusativ}.`;
      return `Bitte wählen Sie ${name.akkusativ} aus den angebotenen Möglichkeiten.`;
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array') {
        return minimum <= 1
          ? `Bitte geben Sie ${name.akkusativ} an.`
          : `${name.Nominativ} muss mindestens ${minimum} Zeichen lang sein.`;
      }
      return minimum === 0
        ? `${name.Nominativ} darf nicht negativ sein.`
        : `${name.Nominativ} darf nicht kleiner als ${minimum} sein.`;
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      return issue.origin === 'string'
        ? `${name.Nominativ} darf höchstens ${maximum} Zeichen lang sein.`
        : `${name.Nominativ} darf nicht größer als ${maximum} sein.`;
    }
    case 'unrecognized_keys':
      return `Die Angabe ${issue.keys.map((key) => `„${key}“`).join(', ')} ist hier nicht vorgesehen.`;
    case 'not_multiple_of':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return `${name.Nominativ} ist ungültig.`;
  }
}

/** Every zod message in German sentences: the server's answers and the forms alike. */
export function configureGermanSchemaMessages(): void {
  z.config(z.locales.de());
  z.config({ customError: germanIssueMessage });
}
