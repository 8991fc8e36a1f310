import type { Consumption } from '@kundenportal/contract';
import type { Database } from '../../db/client';
import type { ContractRow } from '../../plugins/contract-scope';
import { listReadings, type ReadingRecord } from '../readings/repo';

/** Gas meters count m³; billing counts kWh: calorific value 11.1 kWh/m³ × gas-law factor 0.95. */
export const GAS_KWH_PER_CUBIC_METRE = 10.545;
const DAY_MS = 86_400_000;

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Consumption between consecutive readings of a meter, per channel and in total, and the same
 * extrapolated to 365 days so that periods of different length compare (spec §2.4).
 */
export function consumptionPeriods(
  records: ReadingRecord[],
  versorgungsart: string,
): Consumption[] {
  const factor = versorgungsart === 'GAS' ? GAS_KWH_PER_CUBIC_METRE : 1;
  const periods: Consumption[] = [];
  for (let i = 1; i < records.length; i++) {
    const from = records[i - 1]!;
    const to = records[i]!;
    if (from.zaehlernummer !== to.zaehlernummer) continue;
    const days = (Date.parse(to.ablesedatum) - Date.parse(from.ablesedatum)) / DAY_MS;
    if (days <= 0) continue;
    const proKanal = to.werte.map((value) => {
      const before =
        from.werte.find((old) => old.obiskennzahl === value.obiskennzahl)?.ablesewert ??
        value.ablesewert;
      return {
        obiskennzahl: value.obiskennzahl,
        verbrauch: round2((value.ablesewert - before) * factor),
      };
    });
    const summe = round2(proKanal.reduce((sum, channel) => sum + channel.verbrauch, 0));
    periods.push({
      von: from.ablesedatum,
      bis: to.ablesedatum,
      summe,
      summeJahr: round2((summe / days) * 365),
      prognose: null,
      proKanal,
    });
  }
  return periods;
}

export function createConsumptionService(db: Database) {
  return {
    async list(
      contract: ContractRow,
      range: { von?: string; bis?: string },
    ): Promise<Consumption[]> {
      const records = await listReadings(db, contract.id);
      return consumptionPeriods(records, contract.versorgungsart).filter(
        (period) =>
          (!range.von || period.bis >= range.von) && (!range.bis || period.von <= range.bis),
      );
    },
  };
}

export type ConsumptionService = ReturnType<typeof createConsumptionService>;
