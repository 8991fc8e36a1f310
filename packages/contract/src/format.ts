/** de-DE presentation of spec §1 and §9. Times are shown as they are in Germany. */

export const TIME_ZONE = 'Europe/Berlin';

/**
 * A formatter made when it is first used, not when its module loads: making an Intl formatter
 * costs a phone milliseconds (the page's first one tens, for the locale and time zone data), and
 * a screen uses only a few of those its modules declare.
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormat(maximumFractionDigits: number): Intl.NumberFormat {
  let format = numberFormats.get(maximumFractionDigits);
  // Stryker disable next-line ConditionalExpression: a new formatter each time formats the same; the cache saves time only
  if (!format) {
    format = new Intl.NumberFormat('de-DE', {
      minimumFractionDigits: 2,
      maximumFractionDigits: Math.max(2, maximumFractionDigits),
    });
    numberFormats.set(maximumFractionDigits, format);
  }
  return format;
}

/** Decimal comma, thousands dots, at least 2 decimals. */
export function formatNumber(value: number, maximumFractionDigits = 2): string {
  return numberFormat(maximumFractionDigits).format(value);
}

const fixedFormats = new Map<number, Intl.NumberFormat>();

/**
 * Exactly `decimals` decimals, never fewer than spec §9's two: one precision for a column or a
 * meter, whose trailing zeros stay ("0,1970" under "0,2414").
 */
export function formatFixedNumber(value: number, decimals: number): string {
  const digits = Math.max(2, decimals);
  let format = fixedFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('de-DE', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    fixedFormats.set(digits, format);
  }
  return format.format(value);
}

export function formatKwh(value: number): string {
  return `${formatNumber(value)} kWh`;
}

export function formatEuro(value: number): string {
  return `${formatNumber(value)} €`;
}

/** Working prices are kept in EUR per kWh and shown in Cent. */
export function formatCentPerKwh(eurPerKwh: number): string {
  return `${formatNumber(eurPerKwh * 100)} ct/kWh`;
}

/** A share of 0..1 in percent. */
export function formatPercent(share: number): string {
  return `${formatNumber(share * 100)} %`;
}

export function formatBoolean(value: boolean): string {
  return value ? 'Ja' : 'Nein';
}

const megabyteFormat = madeOnFirstUse(
  () => new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);

/** An IBAN in groups of four, as printed on cards and statements: "DE02 1203 0000 0000 2020 51". */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?!$)/g, '$1 ');
}

/**
 * An IBAN as banks show it on a screen: country and check digits, then the last four; between
 * them always three groups of dots, so that the mask tells neither the digits nor the length.
 */
export function maskedIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• •••• •••• ${iban.slice(-4)}`;
}

/**
 * A file's size as people read it: "367 kB", "2,5 MB" (decimal units, spec §5's kB being
 * bytes / 1000), not "2.513,42 kB". Below a kB in bytes.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} Byte`;
  const kilobytes = Math.round(bytes / 1000);
  if (kilobytes < 1000) return `${kilobytes} kB`;
  return `${megabyteFormat().format(bytes / 1_000_000)} MB`;
}

const dateFormat = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('de-DE', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: TIME_ZONE,
    }),
);
/** dd.mm.yyyy, HH:mm in German time. */
const dateTimeFormat = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('de-DE', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: TIME_ZONE,
    }),
);

/** dd.mm.yyyy. A calendar day (YYYY-MM-DD) is taken as it is, a point in time in Germany. */
export function formatDate(value: string | Date): string {
  // A calendar day read by Date is its midnight UTC, the same day in Germany (01:00 or 02:00), so
  // Intl would answer the same: the shortcut saves a formatter call, its mutants are equivalent.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,Regex,BlockStatement: see above
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [year, month, day] = value.split('-');
    return `${day}.${month}.${year}`;
  }
  return dateFormat().format(new Date(value));
}

const GERMAN_MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

/**
 * A calendar day (YYYY-MM-DD) as "27. November 2026", the date picker's text. Written from the
 * month's name, not by Intl: every date field of a page showed it in the task that draws the
 * page, and an Intl formatter of its own cost that task 17 ms on this machine (69 at 4×).
 */
export function formatLongDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${Number(date)}. ${GERMAN_MONTHS[Number(month) - 1]} ${year}`;
}

/** dd.mm.yyyy, HH:mm Uhr in German time. */
export function formatDateTime(value: string | Date): string {
  return `${dateTimeFormat().format(new Date(value))} Uhr`;
}

const timeFormat = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('de-DE', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: TIME_ZONE,
    }),
);

/** HH:mm in German time: "14:00". */
export function formatTime(value: string | Date): string {
  return timeFormat().format(new Date(value));
}

const weekdayAndDayFormat = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('de-DE', {
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      timeZone: TIME_ZONE,
    }),
);

/** The day of a point in time in Germany with its weekday: "Mo., 02.11.". */
export function formatWeekdayAndDay(value: string | Date): string {
  return weekdayAndDayFormat().format(new Date(value));
}

const monthAndYearFormat = madeOnFirstUse(
  () => new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: TIME_ZONE }),
);

/** The month of a point in time in Germany: "November 2026". */
export function formatMonthAndYear(value: string | Date): string {
  return monthAndYearFormat().format(new Date(value));
}

const shortMonthFormat = madeOnFirstUse(
  () => new Intl.DateTimeFormat('de-DE', { month: 'short', timeZone: TIME_ZONE }),
);

/** The month of a point in time in Germany, short: "Nov". */
export function formatShortMonth(value: string | Date): string {
  return shortMonthFormat().format(new Date(value));
}
