import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse as parseCsv } from 'csv-parse';

/** A body as it arrives: a request's or a file's stream, or text already read. */
export type SeriesBody = AsyncIterable<Buffer | string> | Iterable<Buffer | string>;

/** The three forms a series may come in, chosen by the request's content type. */
export type SeriesFormat = 'json' | 'ndjson' | 'csv';

/** What the two series measure: consumption in kWh, exchange prices in EUR/MWh. */
export type SeriesKind = 'energiemengen' | 'preise';

/** One refused row: its line (CSV, NDJSON) or position (JSON array, from 1), field and reason. */
export interface RowError {
  zeile: number;
  feld: 'zeitpunkt' | 'wert' | 'einheit' | 'zeile';
  meldung: string;
}

/** The rows read, as parallel arrays (a million rows are three arrays of numbers, no objects). */
export interface ParsedSeries {
  /** The interval's start, ms since 1970. */
  instants: number[];
  values: number[];
  lines: number[];
  errors: RowError[];
  /** Refusals beyond the listed ones (the list stops at MAX_LISTED_ERRORS). */
  unlisted: number;
  /** Data rows read, good and bad. */
  rows: number;
}

/** More refusals than these are counted, not listed: the answer stays readable. */
const MAX_LISTED_ERRORS = 100;

export const ParseMessages = {
  noOffset: (text: string) =>
    `Der Zeitpunkt „${text}“ hat keine Zeitzonenangabe (z. B. +01:00 oder Z). Eine Ortszeit ohne Angabe ist am Tag der Zeitumstellung mehrdeutig und wird nicht angenommen.`,
  badTime: (text: string) =>
    `Der Zeitpunkt „${text}“ ist kein gültiger Zeitpunkt (erwartet z. B. 2026-03-29T02:00:00+02:00 oder 29.03.2026 03:00+02:00).`,
  missingTime: 'Der Zeitpunkt fehlt.',
  missingValue: 'Der Wert fehlt.',
  badNumber: (text: string) =>
    `Der Wert „${text}“ ist keine Zahl. Erlaubt sind Ziffern mit Dezimalkomma, z. B. 0,125 (kein Punkt, keine Tausendertrennzeichen).`,
  notANumber: 'Der Wert muss eine Zahl sein.',
  notAnObject: 'Die Zeile ist kein Objekt mit zeitpunkt und wert.',
  badJsonLine: 'Die Zeile ist kein gültiges JSON.',
  badUnit: (unit: string, expected: string) =>
    `Die Einheit „${unit}“ passt nicht: erwartet wird ${expected}.`,
  notAnArray: 'Die Daten müssen eine Liste von Einträgen mit zeitpunkt und wert sein.',
  badJson: 'Die gesendeten Daten sind kein gültiges JSON.',
  noHeader:
    'Die CSV-Datei braucht eine Kopfzeile mit einer Spalte für den Zeitpunkt (Zeitstempel, Zeitpunkt oder Von) und einer für den Wert (Wert, Menge, Verbrauch oder Preis), getrennt durch Semikolon.',
  badCsv: (line: number) =>
    `Die CSV-Datei kann ab Zeile ${line} nicht gelesen werden (ein Anführungszeichen ist nicht geschlossen oder die Zeile ist beschädigt).`,
} as const;

/** The unit each kind is given in; a CSV's Einheit column, if it has one, must name it. */
const UNITS: Record<SeriesKind, { label: string; accepted: string[] }> = {
  energiemengen: { label: 'kWh', accepted: ['kwh'] },
  preise: { label: 'EUR/MWh', accepted: ['eur/mwh', '€/mwh'] },
};

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?\s?(Z|[+-]\d{2}:?\d{2})?$/;
const GERMAN = /^(\d{2})\.(\d{2})\.(\d{4})\s+(\d{2}):(\d{2})(?::(\d{2}))?\s?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A timestamp with its offset as ms since 1970, or the reason it is refused. A local time
 * without offset is refused: 02:30 on the last Sunday of October happens twice, and on the last
 * Sunday of March not at all.
 */
export function parseInstant(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return ParseMessages.missingTime;
  let parts: string[];
  const iso = ISO.exec(trimmed);
  const german = iso ? null : GERMAN.exec(trimmed);
  if (iso) parts = [iso[1]!, iso[2]!, iso[3]!, iso[4]!, iso[5]!, iso[6] ?? '0', iso[7] ?? '0'];
  else if (german)
    parts = [german[3]!, german[2]!, german[1]!, german[4]!, german[5]!, german[6] ?? '0', '0'];
  else return ParseMessages.badTime(trimmed);
  const offset = (iso ? iso[8] : german![7]) ?? null;
  if (offset === null) return ParseMessages.noOffset(trimmed);
  const [year, month, day, hour, minute, second] = parts.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const millis = Number(parts[6]!.padEnd(3, '0'));
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const check = new Date(local);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return ParseMessages.badTime(trimmed);
  let offsetMinutes = 0;
  if (offset !== 'Z') {
    const digits = offset.replace(':', '');
    const hours = Number(digits.slice(1, 3));
    const minutes = Number(digits.slice(3, 5));
    if (hours > 14 || minutes > 59) return ParseMessages.badTime(trimmed);
    offsetMinutes = (offset.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  return local - offsetMinutes * 60_000;
}

const GERMAN_NUMBER = /^-?\d+(?:,\d+)?$/;

/** A CSV's value: digits with a decimal comma (an EDM's export); a point is refused, never read. */
export function parseGermanNumber(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return ParseMessages.missingValue;
  if (!GERMAN_NUMBER.test(trimmed)) return ParseMessages.badNumber(trimmed);
  return Number(trimmed.replace(',', '.'));
}

/** Lists a refusal, or counts it once the list is long enough. */
export function addRefusal(series: ParsedSeries, error: RowError) {
  if (series.errors.length < MAX_LISTED_ERRORS) series.errors.push(error);
  else series.unlisted++;
}

/** Collects rows and refusals as they are read. */
function collector(): ParsedSeries & {
  add(line: number, time: number | string, value: number | string): void;
  refuse(error: RowError): void;
} {
  const series: ParsedSeries = {
    instants: [],
    values: [],
    lines: [],
    errors: [],
    unlisted: 0,
    rows: 0,
  };
  const refuse = (error: RowError) => addRefusal(series, error);
  return Object.assign(series, {
    refuse,
    add(line: number, time: number | string, value: number | string) {
      let good = true;
      if (typeof time === 'string') {
        refuse({ zeile: line, feld: 'zeitpunkt', meldung: time });
        good = false;
      }
      if (typeof value === 'string') {
        refuse({ zeile: line, feld: 'wert', meldung: value });
        good = false;
      }
      if (!good) return;
      series.instants.push(time as number);
      series.values.push(value as number);
      series.lines.push(line);
    },
  });
}

/** A JSON row (array entry or NDJSON line): { zeitpunkt: string, wert: number }. */
function addJsonRow(rows: ReturnType<typeof collector>, line: number, row: unknown) {
  rows.rows++;
  if (typeof row !== 'object' || row === null || Array.isArray(row)) {
    rows.refuse({ zeile: line, feld: 'zeile', meldung: ParseMessages.notAnObject });
    return;
  }
  const { zeitpunkt, wert } = row as { zeitpunkt?: unknown; wert?: unknown };
  const time =
    typeof zeitpunkt === 'string'
      ? parseInstant(zeitpunkt)
      : zeitpunkt === undefined || zeitpunkt === null
        ? ParseMessages.missingTime
        : ParseMessages.badTime(JSON.stringify(zeitpunkt));
  const value =
    wert === undefined || wert === null
      ? ParseMessages.missingValue
      : typeof wert === 'number' && Number.isFinite(wert)
        ? wert
        : ParseMessages.notANumber;
  rows.add(line, time, value);
}

const TIME_COLUMNS = [
  'zeitpunkt',
  'zeitstempel',
  'zeitstempel von',
  'von',
  'beginn',
  'datum/uhrzeit',
];
const VALUE_COLUMNS = ['wert', 'menge', 'energiemenge', 'verbrauch', 'preis'];

/** Reads the body in the given form; a body that cannot be read at all throws its message. */
export async function parseSeries(
  body: SeriesBody,
  format: SeriesFormat,
  kind: SeriesKind,
): Promise<ParsedSeries> {
  const rows = collector();
  if (format === 'json') {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk));
    let data: unknown;
    try {
      data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      throw new SeriesFormatError(ParseMessages.badJson);
    }
    if (!Array.isArray(data)) throw new SeriesFormatError(ParseMessages.notAnArray);
    data.forEach((row, index) => addJsonRow(rows, index + 1, row));
    return rows;
  }
  if (format === 'ndjson') {
    const lines = createInterface({ input: Readable.from(body), crlfDelay: Infinity });
    let number = 0;
    for await (const line of lines) {
      number++;
      if (line.trim() === '') continue;
      let row: unknown;
      try {
        row = JSON.parse(line);
      } catch {
        rows.rows++;
        rows.refuse({ zeile: number, feld: 'zeile', meldung: ParseMessages.badJsonLine });
        continue;
      }
      addJsonRow(rows, number, row);
    }
    return rows;
  }
  const parser = parseCsv({
    delimiter: ';',
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
  });
  // pipeline, not pipe: an error of the body (too large, a broken connection) reaches the loop
  // below through the parser instead of going unhandled
  pipeline(Readable.from(body), parser).catch(() => undefined);
  let columns: { time: number; date: number; value: number; unit: number } | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const line = info.lines;
      if (!columns) {
        const names = record.map((name) => name.toLowerCase());
        const time = names.findIndex((name) => TIME_COLUMNS.includes(name));
        const date = names.indexOf('datum');
        const clock = names.indexOf('uhrzeit');
        const value = names.findIndex((name) => VALUE_COLUMNS.includes(name));
        if (value === -1 || (time === -1 && (date === -1 || clock === -1)))
          throw new SeriesFormatError(ParseMessages.noHeader);
        columns = {
          time: time === -1 ? clock : time,
          date: time === -1 ? date : -1,
          value,
          unit: names.indexOf('einheit'),
        };
        continue;
      }
      const timeText =
        columns.date === -1
          ? (record[columns.time] ?? '')
          : `${record[columns.date] ?? ''} ${record[columns.time] ?? ''}`;
      rows.rows++;
      const unit = columns.unit === -1 ? '' : (record[columns.unit] ?? '');
      if (unit !== '' && !UNITS[kind].accepted.includes(unit.toLowerCase()))
        rows.refuse({
          zeile: line,
          feld: 'einheit',
          meldung: ParseMessages.badUnit(unit, UNITS[kind].label),
        });
      else rows.add(line, parseInstant(timeText), parseGermanNumber(record[columns.value] ?? ''));
    }
  } catch (error) {
    if (error instanceof SeriesFormatError) throw error;
    if (error instanceof CsvError)
      throw new SeriesFormatError(
        ParseMessages.badCsv((error as CsvError & { lines: number }).lines),
      );
    throw error;
  }
  if (!columns) throw new SeriesFormatError(ParseMessages.noHeader);
  return rows;
}

/** The body as a whole cannot be read (no header, not JSON): answered 400 with this message. */
export class SeriesFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeriesFormatError';
  }
}
