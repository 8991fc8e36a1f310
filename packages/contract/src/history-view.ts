/**
 * What the consumption history screen shows besides its chart: the costs of its rows and the key figures above them, so that rows and totals agree.
 */
import type { HistoryPoint } from './consumption';
import type { HistoryMode } from './history';
import { formatFixedNumber } from './format';
import { round } from './round';

/**
 * The unit a row's costs are shown in: an hour costs a few cents, so whole cents would lose up
 * to half a cent per row (48 rows of 6,17 € against a total of 6,21 €); days and months in euros.
 */
export const HISTORY_COST_UNIT: Readonly<Record<HistoryMode, 'ct' | '€'>> = {
  STUENDLICH: 'ct',
  TAEGLICH: '€',
  MONATLICH: '€',
};

/**
 * The decimals of the history table's kWh column, one per mode so that its rows align: an
 * hour's few tenths of a kWh keep the four the meter data has, a day's and a month's sums show
 * as their totals above the table do (two).
 */
const HISTORY_KWH_DECIMALS: Readonly<Record<HistoryMode, number>> = {
  STUENDLICH: 4,
  TAEGLICH: 2,
  MONATLICH: 2,
};

/** A row's kWh as its column shows them: "0,2414", "0,1970", "1,2030" in an hourly table. */
export function formatHistoryKwh(mode: HistoryMode, kwh: number): string {
  return formatFixedNumber(kwh, HISTORY_KWH_DECIMALS[mode]);
}

/** A row's costs in the mode's unit at two decimals, as its row shows them. */
export function shownCost(mode: HistoryMode, kostenEur: number): number {
  return round(HISTORY_COST_UNIT[mode] === 'ct' ? kostenEur * 100 : kostenEur, 2);
}

export interface HistoryTotals {
  /** kWh of the rows with a value. */
  verbrauch: number;
  /** EUR: the sum of the costs as the rows show them, to the cent. */
  kosten: number;
  /** Cent per kWh: the costs over the consumption that has a price; null without one. */
  preis: number | null;
}

/** The key figures of the shown range; its costs are what its rows add up to. */
export function historyTotals(mode: HistoryMode, points: HistoryPoint[]): HistoryTotals {
  let verbrauch = 0;
  let shown = 0;
  let kosten = 0;
  let bepreist = 0;
  for (const point of points) {
    verbrauch += point.verbrauch ?? 0;
    if (point.kosten !== null && point.verbrauch !== null) {
      shown += shownCost(mode, point.kosten);
      kosten += point.kosten;
      bepreist += point.verbrauch;
    }
  }
  return {
    verbrauch: round(verbrauch, 2),
    kosten: round(HISTORY_COST_UNIT[mode] === 'ct' ? shown / 100 : shown, 2),
    preis: bepreist > 0 ? (kosten / bepreist) * 100 : null,
  };
}

const HOUR_MS = 3_600_000;

/**
 * The rows of the hourly view: every hour of [from, to), 47 to 49 of them, an hour the server
 * has no values for (tomorrow's before its prices are imported, today's after now) with nulls,
 * so that the 48 hours of "Preisübersicht 48h" are all on the axis and in the table, and an
 * hour without data says so instead of leaving its row out.
 */
export function everyHourOf(points: HistoryPoint[], from: Date, to: Date): HistoryPoint[] {
  const byStart = new Map(points.map((point) => [new Date(point.von).getTime(), point]));
  const hours: HistoryPoint[] = [];
  for (let start = from.getTime(); start < to.getTime(); start += HOUR_MS) {
    hours.push(
      byStart.get(start) ?? {
        von: new Date(start).toISOString(),
        bis: new Date(start + HOUR_MS).toISOString(),
        verbrauch: null,
        arbeitspreis: null,
        kosten: null,
      },
    );
  }
  return hours;
}
