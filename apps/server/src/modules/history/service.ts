import {
  addDays,
  addMonths,
  berlinDayOf,
  firstOfMonth,
  MAX_PRICE_SERIES_DAYS,
  priceSeriesWindow,
  round,
  startOfBerlinDay,
  showsGrossPrices,
  type HistoryAnswer,
  type HistoryQuery,
  type PriceSeries,
  type TimeWindowQuery,
  vatFactor,
  berlinStartOfDay,
  berlinStartOfMonth,
  berlinStartOfYear,
} from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { SeriesChange } from '../../db/series-changes';
import { HttpError, notFound } from '../../lib/http-error';
import { PrebuiltJson } from '../../lib/prebuilt-json';
import { findContractOfCustomer } from '../contracts/repo';
import { listTariffs } from '../tariffs/repo';
import type { ContractRow } from '../../db/schema/index';
import { toContract } from '../contracts/service';
import * as repo from './repo';
import { createFinishedMonths, type FinishedMonths } from './finished-months';
import { createKeptPriceDays, type KeptPriceDays } from './kept-price-days';
import { createHourlyAnswer } from './hourly-answer';

const DAY_MS = 86_400_000;
/** The longest window of hourly values one call may ask for. */
const MAX_HOURLY_DAYS = 400;
/** Daily and monthly values: ten years at most. */
const MAX_AGGREGATED_DAYS = 3_700;

/** The window's own checks; a malformed von, bis or interval the query schema refuses. */
export const HistoryMessages = {
  order: 'Der Beginn (von) muss vor dem Ende (bis) liegen.',
  tooLongHourly: `Stundenwerte können für höchstens ${MAX_HOURLY_DAYS} Tage auf einmal abgefragt werden.`,
  tooLong: `Es können höchstens ${MAX_AGGREGATED_DAYS} Tage auf einmal abgefragt werden.`,
  tooLongPrices: `Die Preiszeitreihe kann für höchstens ${MAX_PRICE_SERIES_DAYS} Tage auf einmal abgefragt werden.`,
  noDynamicTariff: 'Für Ihre Verträge ist kein dynamischer Tarif hinterlegt.',
} as const;

/** The window a query asks for, checked; what it leaves out comes from the given window. */
export function checkWindow(
  query: TimeWindowQuery,
  defaults: { from: Date; to: Date },
  maxDays: number,
  tooLong: string,
) {
  const from = query.von ?? defaults.from;
  const to = query.bis ?? defaults.to;
  if (from.getTime() >= to.getTime())
    throw new HttpError(400, HistoryMessages.order, { von: HistoryMessages.order });
  if (to.getTime() - from.getTime() > maxDays * DAY_MS + 2 * 3_600_000)
    throw new HttpError(400, tooLong, { bis: tooLong });
  return { from, to };
}

const toIso = (value: Date | string) => new Date(value).toISOString();
const toNumber = (value: string | null) => (value === null ? null : Number(value));

/**
 * Starts of the German days or months in [from, to): the first is `from` itself, so that a
 * window starting within a day or month has its part of it.
 */
export function bucketStarts(from: Date, to: Date, interval: 'daily' | 'monthly'): Date[] {
  const starts = [from];
  let day = berlinDayOf(from);
  for (;;) {
    day = interval === 'daily' ? addDays(day, 1) : addMonths(firstOfMonth(day), 1);
    const start = startOfBerlinDay(day);
    if (start.getTime() >= to.getTime()) return starts;
    starts.push(start);
  }
}

/**
 * Where the route keeps the customer's reads between their writes (plugins/read-cache.ts): what
 * prices an hour, asked for on every call of the history and the price series.
 */
export type KeptReads = <T>(key: string, load: () => Promise<T>) => Promise<T>;
const readThrough: KeptReads = (_key, load) => load();

export function createHistoryService(
  db: Database,
  config: AppConfig,
  finishedMonths: FinishedMonths = createFinishedMonths(),
  keptPriceDays: KeptPriceDays = createKeptPriceDays(),
) {
  /** The contract's tariffs as instants of validity (gueltigBis is the inclusive last day). */
  async function tariffPeriods(contractId: number): Promise<repo.TariffPeriod[]> {
    const rows = await listTariffs(db, contractId);
    return rows.map((row) => ({
      start: startOfBerlinDay(row.gueltigVon ?? '1900-01-01'),
      end: row.gueltigBis ? startOfBerlinDay(addDays(row.gueltigBis, 1)) : null,
      dynamisch: row.tariftyp === 'DYNAMISCHER_PREIS',
      aufschlag: row.aufschlag,
      arbeitspreis: row.arbeitspreis,
    }));
  }

  const vatOf = (contract: ContractRow) =>
    vatFactor(showsGrossPrices('DYNAMISCHER_PREIS', toContract(contract).kundenArt));

  const hourlyJson = createHourlyAnswer(db, finishedMonths);

  return {
    finishedMonths: () => finishedMonths.stats(),

    /** A series changed (the operator's import, here or on another instance): forget its past. */
    forget(change: SeriesChange) {
      finishedMonths.forget(change);
      keptPriceDays.forget(change);
    },

    /**
     * The answer of GET historie as JSON text; hourly values as pieces of UTF-8 to be sent one
     * after the other (a year is mostly kept bytes).
     */
    async history(
      contract: ContractRow,
      query: HistoryQuery,
      kept: KeptReads = readThrough,
    ): Promise<PrebuiltJson<HistoryAnswer>> {
      const { interval } = query;
      const now = config.now();
      const defaults = {
        hourly: { from: berlinStartOfDay(now, -1), to: berlinStartOfDay(now, 1) },
        daily: { from: berlinStartOfMonth(now), to: berlinStartOfDay(now) },
        monthly: { from: berlinStartOfYear(now), to: berlinStartOfDay(now) },
      }[interval];
      const { from, to } =
        interval === 'hourly'
          ? checkWindow(query, defaults, MAX_HOURLY_DAYS, HistoryMessages.tooLongHourly)
          : checkWindow(query, defaults, MAX_AGGREGATED_DAYS, HistoryMessages.tooLong);
      const metered = await kept(`gemessen:${contract.id}`, () =>
        repo.hasMeteredData(db, contract.id),
      );
      if (!metered) return new PrebuiltJson(JSON.stringify({ data: [] } satisfies HistoryAnswer));
      const window = {
        contractId: contract.id,
        from,
        to,
        periods: await kept(`tarifperioden:${contract.id}`, () => tariffPeriods(contract.id)),
        vat: vatOf(contract),
      };
      if (interval === 'hourly') {
        const hourly = await hourlyJson(window, now);
        return new PrebuiltJson(hourly.chunks, hourly.gzipped);
      }
      const boundaries = bucketStarts(from, to, interval);
      const rows = await repo.history(db, window, boundaries);
      const answer: HistoryAnswer = {
        data: rows
          .filter((row) => row.bucket !== null && Number(row.bucket) >= 1)
          .map((row) => {
            const index = Number(row.bucket) - 1;
            return {
              von: boundaries[index]!.toISOString(),
              bis: (boundaries[index + 1] ?? to).toISOString(),
              verbrauch: toNumber(row.verbrauch),
              arbeitspreis: round(toNumber(row.arbeitspreis), 6),
              kosten: round(toNumber(row.kosten), 6),
            };
          }),
      };
      return new PrebuiltJson(JSON.stringify(answer));
    },

    /** The contract's price per exchange interval, EUR/kWh, gross or net as spec §6 says. */
    async prices(
      contract: ContractRow,
      query: TimeWindowQuery,
      kept: KeptReads = readThrough,
    ): Promise<PriceSeries> {
      const now = config.now();
      const { from, to } = checkWindow(
        query,
        priceSeriesWindow(now),
        MAX_PRICE_SERIES_DAYS,
        HistoryMessages.tooLongPrices,
      );
      const vat = vatOf(contract);
      const periods = await kept(`tarifperioden:${contract.id}`, () => tariffPeriods(contract.id));
      const preise = await keptPriceDays.read(
        { contractId: contract.id, periods, vat, from, to },
        async (start, end) =>
          (await repo.priceSeries(db, periods, start, end, vat)).map((row) => ({
            von: toIso(row.von),
            preis: round(Number(row.preis), 6),
          })),
      );
      return { brutto: vat > 1, preise };
    },

    /** GET /preiszeitreihe: the same for the customer's contract with a dynamic tariff. */
    async customerPrices(
      customerId: number,
      query: TimeWindowQuery,
      kept: KeptReads = readThrough,
    ) {
      const [contractId] = await repo.dynamicContractIds(db, customerId);
      const contract =
        contractId === undefined
          ? undefined
          : await findContractOfCustomer(db, customerId, contractId);
      if (!contract) throw notFound(HistoryMessages.noDynamicTariff);
      return this.prices(contract, query, kept);
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
