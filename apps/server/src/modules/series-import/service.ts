import {
  addDays,
  berlinDayOf,
  formatDate,
  formatDateTime,
  startOfBerlinDay,
  type SeriesImportSummary,
} from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { seriesChanges, type SeriesChange } from '../../db/series-changes';
import { HttpError } from '../../lib/http-error';
import {
  addRefusal,
  parseSeries,
  SeriesFormatError,
  type ParsedSeries,
  type RowError,
  type SeriesBody,
  type SeriesFormat,
  type SeriesKind,
} from './parse';
import * as repo from './repo';

const QUARTER_MS = 900_000;
const HOUR_MS = 3_600_000;

/** Per hour at most (kWh): the column's numeric(12, 4) holds less than 10^8. */
const MAX_CONSUMPTION_KWH = 99_999_999;
/** EUR/MWh either way: the day-ahead auction's limits are -500 and 4,000 (2026). */
const MAX_PRICE_EUR_MWH = 10_000;

const counted = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const count = (value: number) => counted.format(value);
const berlinOffset = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  timeZoneName: 'shortOffset',
});
/** German time with its offset: the hour from 02:00 happens twice on the autumn day. */
const shown = (instant: number) => {
  const offset = berlinOffset
    .formatToParts(new Date(instant))
    .find((part) => part.type === 'timeZoneName')!
    .value.replace('GMT', 'UTC');
  return `${formatDateTime(new Date(instant))} (${offset})`;
};

const SeriesMessages = {
  empty: 'Die Daten enthalten keine Werte.',
  unknownContract: (vertragsnummer: string) => `Der Vertrag ${vertragsnummer} ist nicht bekannt.`,
  duplicate: (line: number) => `Der Zeitpunkt kommt schon in Zeile ${line} vor.`,
  notAligned:
    'Der Zeitpunkt ist nicht der Beginn einer Viertelstunde oder Stunde (Minute 00, 15, 30 oder 45).',
  incompleteHour: (instant: number, count: number) =>
    `Die Stunde ab ${shown(instant)} ist unvollständig: ${count} von 4 Viertelstunden. Es werden nur ganze Stunden angenommen.`,
  future:
    'Der Zeitpunkt liegt in der Zukunft: ein Verbrauch kann erst nach seinem Zeitraum gemessen sein.',
  negative: 'Der Verbrauch darf nicht negativ sein.',
  tooLargeConsumption: `Der Verbrauch ist zu groß (höchstens ${count(MAX_CONSUMPTION_KWH)} kWh je Stunde).`,
  tooLargePrice: `Der Preis muss zwischen -${count(MAX_PRICE_EUR_MWH)} und ${count(MAX_PRICE_EUR_MWH)} EUR/MWh liegen.`,
  refused: (refusedRows: number, rows: number) =>
    `${refusedRows === 1 ? '1 Zeile wurde' : `${count(refusedRows)} Zeilen wurden`} abgelehnt (von ${count(rows)}); nichts wurde gespeichert.`,
  unlisted: (more: number) => `und ${count(more)} weitere abgelehnte Zeilen`,
  beforeDelivery: (day: string) =>
    `Der Zeitpunkt liegt vor dem Lieferbeginn des Vertrags (${formatDate(day)}).`,
  afterDelivery: (day: string) =>
    `Der Zeitpunkt liegt nach dem Lieferende des Vertrags (${formatDate(day)}).`,
  afterTomorrow: 'Der Zeitpunkt liegt nach dem morgigen Tag.',
  sparse: (from: number, to: number, hours: number, span: number) =>
    `Die Daten haben von ${shown(from)} bis ${shown(to)} nur ${count(hours)} von ${count(span)} Stunden; ${count(span - hours)} Stunden ohne Wert würden entfernt. Bitte senden Sie jeden zusammenhängenden Zeitraum einzeln.`,
} as const;

/** A refusal as the API answers it: the first reason as message, each row's in felder. */
function refusal(parsed: ParsedSeries, rows: number): HttpError {
  const errors = [...parsed.errors].sort((a, b) => a.zeile - b.zeile);
  const total = new Set(errors.map((error) => error.zeile)).size + parsed.unlisted;
  const felder: Record<string, string> = {};
  for (const error of errors)
    felder[`zeile ${error.zeile}.${error.feld}`] ??= `Zeile ${error.zeile}: ${error.meldung}`;
  if (parsed.unlisted > 0) felder['weitere'] = SeriesMessages.unlisted(parsed.unlisted);
  const first = errors[0]!;
  return new HttpError(
    400,
    `${SeriesMessages.refused(total, rows)} Zeile ${first.zeile}: ${first.meldung}`,
    felder,
  );
}

interface Delivery {
  lieferbeginn: string | null;
  lieferende: string | null;
}

/**
 * A period replaced runs from the first row's hour to the end of the last row's: a file of two
 * rows years apart would empty the years between. Gaps are taken up to two days, or up to as
 * many hours as the file has.
 */
const MAX_GAP_HOURS = 48;

interface Checked {
  resolution: 'PT15M' | 'PT1H';
  /** Stored values, sorted: hours for consumption, the intervals sent for prices. */
  instants: Float64Array;
  values: Float64Array;
  from: number;
  to: number;
}

/**
 * Checks the rows as a series and brings them to what is stored: sorted, no instant twice, on
 * quarter-hours or hours, whole hours only. Consumption is stored per hour (the table's
 * resolution, which the history reads): quarter-hours are summed into their hour. Prices stay
 * at the market's resolution (quarter-hours since October 2025) beside their hourly means.
 */
function checkSeries(
  parsed: ParsedSeries,
  kind: SeriesKind,
  now: Date,
  delivery?: Delivery,
): Checked | undefined {
  // nothing the day after tomorrow (Berlin): prices are known a day ahead, consumption not at all
  const latest = startOfBerlinDay(berlinDayOf(now, 2)).getTime();
  const first = delivery?.lieferbeginn
    ? startOfBerlinDay(delivery.lieferbeginn).getTime()
    : -Infinity;
  const last = delivery?.lieferende
    ? startOfBerlinDay(addDays(delivery.lieferende, 1)).getTime()
    : Infinity;
  const { instants, values, lines } = parsed;
  const refuse = (error: RowError) => addRefusal(parsed, error);
  const order = Array.from(instants.keys()).sort((a, b) => instants[a]! - instants[b]!);
  const quarterHours = instants.some((instant) => instant % HOUR_MS !== 0);
  const step = quarterHours ? QUARTER_MS : HOUR_MS;
  const kept: number[] = [];
  for (let position = 0; position < order.length; position++) {
    const index = order[position]!;
    const instant = instants[index]!;
    const value = values[index]!;
    const line = lines[index]!;
    const before = position > 0 ? order[position - 1]! : undefined;
    if (before !== undefined && instants[before] === instant) {
      refuse({ zeile: line, feld: 'zeitpunkt', meldung: SeriesMessages.duplicate(lines[before]!) });
      continue;
    }
    if (instant % QUARTER_MS !== 0) {
      refuse({ zeile: line, feld: 'zeitpunkt', meldung: SeriesMessages.notAligned });
      continue;
    }
    if (instant >= latest) {
      refuse({ zeile: line, feld: 'zeitpunkt', meldung: SeriesMessages.afterTomorrow });
      continue;
    }
    if (instant < first || instant >= last) {
      const meldung =
        instant < first
          ? SeriesMessages.beforeDelivery(delivery!.lieferbeginn!)
          : SeriesMessages.afterDelivery(delivery!.lieferende!);
      refuse({ zeile: line, feld: 'zeitpunkt', meldung });
      continue;
    }
    if (kind === 'energiemengen') {
      if (instant + step > now.getTime()) {
        refuse({ zeile: line, feld: 'zeitpunkt', meldung: SeriesMessages.future });
        continue;
      }
      if (value < 0) refuse({ zeile: line, feld: 'wert', meldung: SeriesMessages.negative });
      else if (value > MAX_CONSUMPTION_KWH)
        refuse({ zeile: line, feld: 'wert', meldung: SeriesMessages.tooLargeConsumption });
      else kept.push(index);
    } else if (Math.abs(value) > MAX_PRICE_EUR_MWH)
      refuse({ zeile: line, feld: 'wert', meldung: SeriesMessages.tooLargePrice });
    else kept.push(index);
  }
  if (quarterHours && parsed.errors.length === 0) {
    // every hour needs its four quarters (checked once the rows are good: a refused row
    // would leave its hour short a second time)
    for (let start = 0; start < kept.length;) {
      const hour = Math.floor(instants[kept[start]!]! / HOUR_MS) * HOUR_MS;
      let end = start;
      while (end < kept.length && instants[kept[end]!]! < hour + HOUR_MS) end++;
      if (end - start !== 4)
        refuse({
          zeile: lines[kept[start]!]!,
          feld: 'zeitpunkt',
          meldung: SeriesMessages.incompleteHour(hour, end - start),
        });
      start = end;
    }
  }
  if (parsed.errors.length > 0 || parsed.unlisted > 0) return undefined;
  const resolution = quarterHours ? 'PT15M' : 'PT1H';
  const from = Math.floor(instants[kept[0]!]! / HOUR_MS) * HOUR_MS;
  const to = Math.floor(instants[kept.at(-1)!]! / HOUR_MS) * HOUR_MS + HOUR_MS;
  const hours = kept.length / (quarterHours ? 4 : 1);
  const span = (to - from) / HOUR_MS;
  if (span - hours > MAX_GAP_HOURS && span > 2 * hours)
    throw new HttpError(400, SeriesMessages.sparse(from, to, hours, span));
  if (kind === 'preise' || !quarterHours) {
    const scale = kind === 'preise' ? 1 / 1000 : 1; // EUR/MWh → EUR/kWh, as stored
    return {
      resolution,
      instants: Float64Array.from(kept, (index) => instants[index]!),
      values: Float64Array.from(kept, (index) => values[index]! * scale),
      from,
      to,
    };
  }
  const hourInstants = new Float64Array(hours);
  const hourValues = new Float64Array(hours);
  for (let hour = 0; hour < hours; hour++) {
    hourInstants[hour] = instants[kept[hour * 4]!]!;
    let sum = 0;
    for (let quarter = 0; quarter < 4; quarter++) sum += values[kept[hour * 4 + quarter]!]!;
    hourValues[hour] = Math.round(sum * 10_000) / 10_000;
  }
  return { resolution, instants: hourInstants, values: hourValues, from, to };
}

/** How the stored values relate to the period's former ones (their instants in ms). */
function compare(stored: Float64Array, former: number[]) {
  const formerSet = new Set(former);
  let ersetzt = 0;
  for (const instant of stored) if (formerSet.has(instant)) ersetzt++;
  return { neu: stored.length - ersetzt, ersetzt, entfernt: former.length - ersetzt };
}

/** Series a caller has already read: interval starts (ms since 1970) and values, in step. */
export interface SeriesRecords {
  instants: number[];
  /** kWh per interval, or EUR/MWh (net). */
  values: number[];
}

/** Records as the parser answers rows: their position (from 1) is their line. */
function fromRecords({ instants, values }: SeriesRecords): ParsedSeries {
  return {
    instants,
    values,
    lines: Array.from(instants, (_, index) => index + 1),
    errors: [],
    unlisted: 0,
    rows: instants.length,
  };
}

export function createSeriesImportService(db: Database, config: Pick<AppConfig, 'now'>) {
  const changes = seriesChanges(db);

  /** The rows read, checked as a series too, so that one answer lists every refusal. */
  function check(parsed: ParsedSeries, kind: SeriesKind, delivery?: Delivery): Checked {
    if (parsed.rows === 0) throw new HttpError(400, SeriesMessages.empty);
    const checked = checkSeries(parsed, kind, config.now(), delivery);
    if (!checked) throw refusal(parsed, parsed.rows);
    return checked;
  }

  async function read(body: SeriesBody, format: SeriesFormat, kind: SeriesKind) {
    try {
      return await parseSeries(body, format, kind);
    } catch (error) {
      if (error instanceof SeriesFormatError) throw new HttpError(400, error.message);
      throw error;
    }
  }

  async function knownContract(executor: Executor, vertragsnummer: string | number) {
    const text = String(vertragsnummer);
    const contractId = /^\d{1,9}$/.test(text) ? Number(text) : undefined;
    const delivery =
      contractId === undefined ? undefined : await repo.deliveryPeriod(executor, contractId);
    if (contractId === undefined || !delivery) {
      const message = SeriesMessages.unknownContract(text);
      throw new HttpError(404, message, { vertragsnummer: message });
    }
    return { contractId, delivery };
  }

  /**
   * Replaces the period in the given transaction and announces the change to the other
   * instances (at commit); this process learns of it from `published`, once committed.
   */
  async function store(
    tx: Executor,
    kind: SeriesKind,
    checked: Checked,
    rows: number,
    contractId?: number,
  ): Promise<{ summary: SeriesImportSummary; change: SeriesChange }> {
    const span = { from: new Date(checked.from), to: new Date(checked.to) };
    const { instants, values } = checked;
    let change: SeriesChange;
    let former: number[];
    if (contractId === undefined) {
      change = { art: 'preise', from: checked.from, to: checked.to };
      former = await repo.replacePrices(tx, span, instants, values);
    } else {
      change = { art: 'verbrauch', contractId, from: checked.from, to: checked.to };
      former = await repo.replaceConsumption(tx, contractId, span, instants, values);
    }
    await changes.announce(tx, change);
    const summary: SeriesImportSummary = {
      art: kind,
      zeilen: rows,
      aufloesung: checked.resolution,
      von: new Date(checked.from).toISOString(),
      bis: new Date(checked.to).toISOString(),
      gespeichert: instants.length,
      ...compare(instants, former),
    };
    return { summary, change };
  }

  /** Stores in a transaction of its own, then tells this process. */
  async function write(kind: SeriesKind, checked: Checked, rows: number, contractId?: number) {
    const { summary, change } = await db.transaction((tx) =>
      store(tx, kind, checked, rows, contractId),
    );
    changes.published(change);
    return summary;
  }

  return {
    /**
     * A contract's consumption (kWh per quarter-hour or hour): replaces its hours in the
     * period from the first row's hour to the end of the last row's; refused whole if one row
     * is bad (a period half replaced would show gaps as zero consumption).
     */
    async importConsumption(
      vertragsnummer: string,
      body: SeriesBody,
      format: SeriesFormat,
    ): Promise<SeriesImportSummary> {
      const { contractId, delivery } = await knownContract(db, vertragsnummer);
      const parsed = await read(body, format, 'energiemengen');
      const checked = check(parsed, 'energiemengen', delivery);
      return write('energiemengen', checked, parsed.rows, contractId);
    },

    /** Exchange prices (EUR/MWh, net) of quarter-hours or hours: replaces the period's prices. */
    async importPrices(body: SeriesBody, format: SeriesFormat): Promise<SeriesImportSummary> {
      const parsed = await read(body, format, 'preise');
      return write('preise', check(parsed, 'preise'), parsed.rows);
    },

    /**
     * Consumption already read (the demo generator's), checked and stored as `importConsumption`
     * stores it, inside the caller's transaction. The caller tells its own process after the
     * commit (`published` of `seriesChanges`) if that keeps past months by then.
     */
    async storeConsumption(
      tx: Executor,
      vertragsnummer: number,
      records: SeriesRecords,
    ): Promise<SeriesChange> {
      const { contractId, delivery } = await knownContract(tx, vertragsnummer);
      const parsed = fromRecords(records);
      const checked = check(parsed, 'energiemengen', delivery);
      return (await store(tx, 'energiemengen', checked, parsed.rows, contractId)).change;
    },

    /** Exchange prices already read (EUR/MWh), as `storeConsumption` stores consumption. */
    async storePrices(tx: Executor, records: SeriesRecords): Promise<SeriesChange> {
      const parsed = fromRecords(records);
      return (await store(tx, 'preise', check(parsed, 'preise'), parsed.rows)).change;
    },
  };
}

export type SeriesImportService = ReturnType<typeof createSeriesImportService>;
