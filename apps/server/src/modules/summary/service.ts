import {
  deriveContractStatus,
  showsGrossPrices,
  SUMMARY_STATUSES,
  type ContractSummary,
  type Summary,
  type SummaryTariff,
  type Tariff,
} from '@kundenportal/contract';
import type { Database } from '../../db/client';
import type { ContractRow } from '../../db/schema/index';
import { listContractsOfCustomer } from '../contracts/repo';
import { toContract } from '../contracts/service';
import { listDocuments } from '../documents/repo';
import { listReadings } from '../readings/repo';
import type { TariffService } from '../tariffs/service';

const isSupplied = (contract: ContractRow) =>
  (SUMMARY_STATUSES as readonly string[]).includes(deriveContractStatus(contract));

/**
 * The landing page's summary: for each contract supplied today or ordered its tariff (and a dynamic
 * tariff's price right now), the next agreed tariff, the last reading and the newest document.
 * Every query is scoped by the session's customer, never by an id from the request.
 */
export function createSummaryService(db: Database, tariffs: TariffService) {
  const summaryTariff = (
    tariff: Tariff | undefined,
    contract: ContractRow,
  ): SummaryTariff | null =>
    tariff
      ? {
          name: tariff.name,
          tariftyp: tariff.tariftyp,
          istDynamisch: tariff.istDynamisch,
          brutto: showsGrossPrices(tariff.tariftyp, toContract(contract).kundenArt),
          arbeitspreis: tariff.arbeitspreis,
          grundpreis: tariff.grundpreis,
          gueltigVon: tariff.gueltigVon,
          gueltigBis: tariff.gueltigBis,
        }
      : null;

  async function contractSummary(
    row: ContractRow,
    newestDocument: ContractSummary['neuestesDokument'],
  ): Promise<ContractSummary> {
    const contract = toContract(row);
    const [outlook, [reading]] = await Promise.all([
      tariffs.outlook(row),
      listReadings(db, row.id, { newestFirst: true, limit: 1 }),
    ]);
    const { strasse, hausnummer, plz, ort } = contract.lieferadresse;
    const ordered = contract.status === 'BEAUFTRAGT';
    // An ordered contract's tariff begins with its supply: it is the one agreed, not a change.
    const tariff = ordered ? (outlook.current ?? outlook.next ?? outlook.undated) : outlook.current;
    return {
      vertragId: row.id,
      versorgungsart: contract.versorgungsart,
      status: contract.status,
      gekuendigtZum: contract.status === 'GEKUENDIGT' ? contract.gewuenschtesLieferende : null,
      // An ordered contract has no agreed start yet (spec §4.2): the one asked for.
      lieferbeginnAb: ordered ? contract.gewuenschterLieferbeginn : null,
      lieferadresse: `${strasse} ${hausnummer}, ${plz} ${ort}`,
      tarif: summaryTariff(tariff, row),
      preisJetzt: outlook.preisJetzt,
      naechsterTarif: ordered && tariff === outlook.next ? null : summaryTariff(outlook.next, row),
      letzteAblesung: reading ? { ablesedatum: reading.ablesedatum, werte: reading.werte } : null,
      neuestesDokument: newestDocument,
    };
  }

  return {
    async summary(customerId: number): Promise<Summary> {
      const [contracts, documents] = await Promise.all([
        listContractsOfCustomer(db, customerId),
        listDocuments(db, customerId),
      ]);
      // Newest first: the first document seen of a contract is its newest.
      const newest = new Map<number | null, ContractSummary['neuestesDokument']>();
      for (const document of documents) {
        if (newest.has(document.vertragId)) continue;
        newest.set(document.vertragId, {
          id: document.id,
          beschreibung: document.beschreibung,
          kategorie: document.kategorie,
          erstellzeitpunkt: document.erstellzeitpunkt.toISOString(),
        });
      }
      const vertraege = await Promise.all(
        contracts
          .filter(isSupplied)
          .map((contract) => contractSummary(contract, newest.get(contract.id) ?? null)),
      );
      return { vertraege };
    },
  };
}

export type SummaryService = ReturnType<typeof createSummaryService>;
