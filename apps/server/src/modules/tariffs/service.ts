import {
  classifyTariffs,
  NO_TARIFF_MESSAGE,
  PriceModels,
  showsGrossPrices,
  type Tariff,
  type TariffHistory,
} from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { berlinDay, berlinStartOfDayOf, berlinStartOfMonth } from '../../lib/berlin-time';
import { notFound } from '../../lib/http-error';
import type { ContractRow } from '../../plugins/contract-scope';
import { toContract } from '../contracts/service';
import * as repo from './repo';

/** German VAT on energy. Dynamic prices are kept net and shown gross to households (spec §6). */
export const VAT_RATE = 0.19;

const round = (value: number | null, digits: number) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

export function createTariffService(db: Database, config: AppConfig) {
  /** A stored tariff as the customer sees it: prices in the basis spec §6 labels them with. */
  function toTariff(row: repo.TariffRow, contract: ContractRow): Tariff {
    const tariftyp = PriceModels.find((model) => model === row.tariftyp) ?? 'REINER_ENERGIEPREIS';
    const gross =
      tariftyp === 'DYNAMISCHER_PREIS' &&
      showsGrossPrices(tariftyp, toContract(contract).kundenArt);
    const shown = (net: number | null) =>
      round(net === null ? null : gross ? net * (1 + VAT_RATE) : net, 6);
    return {
      name: row.name,
      tariftyp,
      arbeitspreis: tariftyp === 'DYNAMISCHER_PREIS' ? null : row.arbeitspreis,
      grundpreis:
        tariftyp === 'DYNAMISCHER_PREIS' ? round(shown(row.grundpreis), 2) : row.grundpreis,
      arbeitspreisNT: row.arbeitspreisNt,
      anteilNt: row.anteilNt,
      preisgarantietyp: row.preisgarantietyp,
      istDynamisch: row.istDynamisch,
      durchschnittlicherArbeitspreisVormonat: null,
      durchschnittlicherArbeitspreisGesamt: null,
      gueltigVon: row.gueltigVon,
      gueltigBis: row.gueltigBis,
    };
  }

  /** Working price of a dynamic tariff: exchange price plus the markup, averaged over hours. */
  async function dynamicAverages(row: repo.TariffRow, contract: ContractRow, tariff: Tariff) {
    const now = config.now();
    const monthStart = berlinStartOfMonth(now);
    const previousMonthStart = berlinStartOfMonth(now, -1);
    const tariffStart = berlinStartOfDayOf(row.gueltigVon ?? contract.lieferbeginn ?? '2000-01-01');
    const [lastMonth, overall] = await Promise.all([
      repo.averageExchangePrice(db, contract.id, previousMonthStart, monthStart),
      repo.averageExchangePrice(db, contract.id, tariffStart, now),
    ]);
    const gross = showsGrossPrices('DYNAMISCHER_PREIS', toContract(contract).kundenArt);
    const price = (exchange: number | null) =>
      exchange === null
        ? null
        : round((exchange + (row.aufschlag ?? 0)) * (gross ? 1 + VAT_RATE : 1), 6);
    return {
      ...tariff,
      durchschnittlicherArbeitspreisVormonat: price(lastMonth),
      durchschnittlicherArbeitspreisGesamt: price(overall),
    };
  }

  return {
    async history(contract: ContractRow): Promise<TariffHistory> {
      const rows = await repo.listTariffs(db, contract.id);
      return { historie: rows.map((row) => toTariff(row, contract)) };
    },

    async current(contract: ContractRow): Promise<Tariff> {
      const status = toContract(contract).status;
      const rows = await repo.listTariffs(db, contract.id);
      const tariffs = rows.map((row) => toTariff(row, contract));
      const { current } = classifyTariffs(tariffs, contract.lieferbeginn, berlinDay(config.now()));
      if (!current || (status !== 'AKTIV' && status !== 'GEKUENDIGT'))
        throw notFound(NO_TARIFF_MESSAGE);
      const row = rows[tariffs.indexOf(current)]!;
      return current.istDynamisch ? dynamicAverages(row, contract, current) : current;
    },
  };
}

export type TariffService = ReturnType<typeof createTariffService>;
