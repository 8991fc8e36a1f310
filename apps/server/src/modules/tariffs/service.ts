import {
  classifyTariffs,
  dynamicWorkingPrice,
  NO_TARIFF_MESSAGE,
  PriceModels,
  round,
  showsGrossPrices,
  type Tariff,
  type TariffHistory,
  vatFactor,
  berlinDayOf,
  startOfBerlinDay,
  berlinStartOfMonth,
} from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-error';
import type { ContractRow } from '../../db/schema/index';
import { toContract } from '../contracts/service';
import * as repo from './repo';
import { createFinishedSums, type FinishedSums } from './finished-sums';
import type { SeriesChange } from '../../db/series-changes';

export function createTariffService(
  db: Database,
  config: AppConfig,
  finishedSums: FinishedSums = createFinishedSums(),
) {
  /** A stored tariff as the customer sees it: prices in the basis spec §6 labels them with. */
  function toTariff(row: repo.TariffRow, contract: ContractRow): Tariff {
    const tariftyp = PriceModels.find((model) => model === row.tariftyp) ?? 'REINER_ENERGIEPREIS';
    const gross =
      tariftyp === 'DYNAMISCHER_PREIS' &&
      showsGrossPrices(tariftyp, toContract(contract).kundenArt);
    const shown = (net: number | null) => round(net === null ? null : net * vatFactor(gross), 6);
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
    const tariffStart = startOfBerlinDay(row.gueltigVon ?? contract.lieferbeginn ?? '2000-01-01');
    const average = async (from: Date, to: Date) => {
      const sums = await finishedSums.read(contract.id, from, to, now, (start, end) =>
        repo.pricedConsumption(db, contract.id, start, end),
      );
      return sums.verbrauch > 0 ? sums.kosten / sums.verbrauch : null;
    };
    const [lastMonth, overall] = await Promise.all([
      average(previousMonthStart, monthStart),
      average(tariffStart, now),
    ]);
    const gross = showsGrossPrices('DYNAMISCHER_PREIS', toContract(contract).kundenArt);
    const price = (exchange: number | null) =>
      exchange === null ? null : round(dynamicWorkingPrice(exchange, row.aufschlag, gross), 6);
    return {
      ...tariff,
      durchschnittlicherArbeitspreisVormonat: price(lastMonth),
      durchschnittlicherArbeitspreisGesamt: price(overall),
    };
  }

  /** A dynamic tariff's working price of the running exchange interval, as the customer sees it. */
  async function priceNow(row: repo.TariffRow, contract: ContractRow) {
    const exchange = await repo.exchangePriceAt(db, config.now());
    if (!exchange) return null;
    const gross = showsGrossPrices('DYNAMISCHER_PREIS', toContract(contract).kundenArt);
    return {
      von: exchange.von.toISOString(),
      preis: round(dynamicWorkingPrice(exchange.preis, row.aufschlag, gross), 6),
    };
  }

  return {
    /** A series changed (the operator's import, here or on another instance): forget its sums. */
    forget: (change: SeriesChange) => finishedSums.forget(change),

    /** The landing page's view: the current tariff, the next agreed one, the price right now. */
    async outlook(contract: ContractRow) {
      const rows = await repo.listTariffs(db, contract.id);
      const tariffs = rows.map((row) => toTariff(row, contract));
      const { current, future, undated } = classifyTariffs(
        tariffs,
        contract.lieferbeginn,
        berlinDayOf(config.now()),
      );
      const currentRow = current && rows[tariffs.indexOf(current)];
      return {
        current,
        // Future entries come newest first: the next one is the last.
        next: future.at(-1),
        /** A tariff agreed without a start: an ordered contract's, before its supply is set. */
        undated: undated[0],
        preisJetzt: currentRow?.istDynamisch ? await priceNow(currentRow, contract) : null,
      };
    },

    async history(contract: ContractRow): Promise<TariffHistory> {
      const rows = await repo.listTariffs(db, contract.id);
      return { historie: rows.map((row) => toTariff(row, contract)) };
    },

    async current(contract: ContractRow): Promise<Tariff> {
      const status = toContract(contract).status;
      const rows = await repo.listTariffs(db, contract.id);
      const tariffs = rows.map((row) => toTariff(row, contract));
      const { current } = classifyTariffs(
        tariffs,
        contract.lieferbeginn,
        berlinDayOf(config.now()),
      );
      if (!current || (status !== 'AKTIV' && status !== 'GEKUENDIGT'))
        throw notFound(NO_TARIFF_MESSAGE);
      const row = rows[tariffs.indexOf(current)]!;
      return current.istDynamisch ? dynamicAverages(row, contract, current) : current;
    },
  };
}

export type TariffService = ReturnType<typeof createTariffService>;
