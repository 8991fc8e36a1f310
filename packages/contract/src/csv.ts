/**
 * CSV downloads of spec §9: semicolons, decimal comma, "null" for missing, UTF-8 with BOM.
 * csv-stringify's browser build: its Node build needs Node's Buffer, which a browser lacks.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import type { HistoryPoint } from './consumption';
import { formatDateAndHour, type CalendarDay } from './berlin-time';
import type { HistoryMode } from './history';
import type { PricePoint } from './prices';
import { madeOnFirstUse } from './format';

/** German Excel reads a UTF-8 file as UTF-8 only with a byte order mark. */
export const CSV_BOM = '\uFEFF';
export const CSV_MIME_TYPE = 'text/csv;charset=utf-8';

const HISTORY_CSV_HEADER = ['von', 'Verbrauch in kWh', 'Preis in EUR', 'Kosten in EUR'];
const PRICE_CSV_HEADER = ['von', 'Preis'];

const csvNumber = madeOnFirstUse(
  () =>
    new Intl.NumberFormat('de-DE', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 6,
      useGrouping: false,
    }),
);
/** A value as a German spreadsheet reads it: decimal comma, no grouping; "null" when missing. */
const csvValue = (value: number | null) => (value === null ? 'null' : csvNumber().format(value));

function toCsv(header: string[], rows: string[][]): string {
  return CSV_BOM + stringify([header, ...rows], { delimiter: ';', record_delimiter: '\r\n' });
}

/** History CSV: header "von;Verbrauch in kWh;Preis in EUR;Kosten in EUR". */
export function historyCsv(points: HistoryPoint[]): string {
  return toCsv(
    HISTORY_CSV_HEADER,
    points.map((point) => [
      formatDateAndHour(point.von),
      csvValue(point.verbrauch),
      csvValue(point.arbeitspreis),
      csvValue(point.kosten),
    ]),
  );
}

/** Price-series CSV: header "von;Preis", the price in EUR per kWh. */
export function priceCsv(points: PricePoint[]): string {
  return toCsv(
    PRICE_CSV_HEADER,
    points.map((point) => [formatDateAndHour(point.von), csvValue(point.preis)]),
  );
}

/** File names of spec §9, the window's first and last day. */
export function historyCsvFileName(mode: HistoryMode, fromDay: CalendarDay, toDay: CalendarDay) {
  const prefix = {
    STUENDLICH: 'Stundendaten_dynamischer_Tarif__',
    TAEGLICH: 'Monatsdaten_dynamischer_Tarif__',
    MONATLICH: 'Jahresdaten_dynamischer_Tarif__',
  }[mode];
  return `${prefix}${fromDay}_${toDay}.csv`;
}

export function priceCsvFileName(fromDay: CalendarDay, toDay: CalendarDay) {
  return `preiszeitreihe_${fromDay}-${toDay}.csv`;
}
