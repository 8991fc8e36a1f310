import {
  kwhPerMeterUnit,
  round,
  type Consumption,
  berlinDayOf,
  startOfBerlinDay,
  berlinStartOfYear,
} from '@kundenportal/contract';
import type { Database } from '../../db/client';
import type { ContractRow } from '../../db/schema/index';
import { listReadings, type ReadingRecord } from '../readings/repo';
import type { AppConfig } from '../../config';
import { meteredSum } from '../history/repo';

const DAY_MS = 86_400_000;

/**
 * Consumption between consecutive readings of a meter, per channel and in total, and the same
 * extrapolated to 365 days so that periods of different length compare (spec §2.4). A period in
 * which a channel's reading fell (a meter change or a correction) has no consumption: it is
 * marked as such, never negative and never extrapolated.
 */
export function consumptionPeriods(
  records: ReadingRecord[],
  versorgungsart: string,
): Consumption[] {
  const factor = kwhPerMeterUnit(versorgungsart);
  const periods: Consumption[] = [];
  for (let i = 1; i < records.length; i++) {
    const from = records[i - 1]!;
    const to = records[i]!;
    if (from.zaehlernummer !== to.zaehlernummer) continue;
    const days = (Date.parse(to.ablesedatum) - Date.parse(from.ablesedatum)) / DAY_MS;
    if (days <= 0) continue;
    const differences = to.werte.map((value) => {
      const before =
        from.werte.find((old) => old.obiskennzahl === value.obiskennzahl)?.ablesewert ??
        value.ablesewert;
      return { obiskennzahl: value.obiskennzahl, difference: value.ablesewert - before };
    });
    const period = { von: from.ablesedatum, bis: to.ablesedatum, prognose: null };
    if (differences.some(({ difference }) => difference < 0)) {
      periods.push({
        ...period,
        summe: null,
        summeJahr: null,
        proKanal: differences.map(({ obiskennzahl }) => ({ obiskennzahl, verbrauch: null })),
        zaehlerstandGefallen: true,
      });
      continue;
    }
    const proKanal = differences.map(({ obiskennzahl, difference }) => ({
      obiskennzahl,
      verbrauch: round(difference * factor, 2),
    }));
    const summe = round(
      proKanal.reduce((sum, channel) => sum + channel.verbrauch, 0),
      2,
    );
    periods.push({
      ...period,
      summe,
      summeJahr: round((summe / days) * 365, 2),
      proKanal,
      zaehlerstandGefallen: false,
    });
  }
  return periods;
}

/**
 * Forecast for the running German calendar year: what was metered this year so far (hourly
 * data) plus the daily rate of the latest period for the days still to come; without metered
 * data the latest period's rate over the whole year.
 */
export function forecastYear(
  latest: Pick<Consumption, 'von' | 'bis'> & { summe: number },
  now: Date,
  meteredThisYear: number | null,
): number {
  const days = (Date.parse(latest.bis) - Date.parse(latest.von)) / DAY_MS;
  const rate = latest.summe / days;
  const yearStart = berlinStartOfYear(now);
  const nextYear = startOfBerlinDay(`${Number(berlinDayOf(yearStart).slice(0, 4)) + 1}-01-01`);
  const daysInYear = Math.round((nextYear.getTime() - yearStart.getTime()) / DAY_MS);
  if (meteredThisYear === null) return round(rate * daysInYear, 2);
  const remaining = Math.max(0, (nextYear.getTime() - now.getTime()) / DAY_MS);
  return round(meteredThisYear + rate * remaining, 2);
}

export function createConsumptionService(db: Database, config: AppConfig) {
  return {
    async list(
      contract: ContractRow,
      range: { von?: string; bis?: string },
    ): Promise<Consumption[]> {
      const records = await listReadings(db, contract.id);
      const periods = consumptionPeriods(records, contract.versorgungsart);
      const latest = periods.at(-1);
      // After a falling meter there is no rate to carry into the rest of the year.
      if (latest && latest.summe !== null) {
        const now = config.now();
        const metered = await meteredSum(db, contract.id, berlinStartOfYear(now), now);
        latest.prognose = forecastYear({ ...latest, summe: latest.summe }, now, metered);
      }
      return periods.filter(
        (period) =>
          (!range.von || period.bis >= range.von) && (!range.bis || period.von <= range.bis),
      );
    },
  };
}

export type ConsumptionService = ReturnType<typeof createConsumptionService>;
