import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { endedOn } from '@kundenportal/contract';
import { addressRows } from '../../features/addresses/components/address-list';
import { bankRows } from '../../features/bank/components/bank-details-list';
import { ConsumptionCard } from '../../features/consumption/components/consumption-card';
import { useContract } from '../../features/contracts/api/get-contract';
import { ContractMasterData } from '../../features/contracts/components/contract-master-data';
import { FinalBillCard } from '../../features/documents/components/final-bill-card';
import { LastReadingCard } from '../../features/readings/components/last-reading-card';
import { currentTariffQueryOptions } from '../../features/tariffs/api/get-current-tariff';
import { ContractTariffCard } from '../../features/tariffs/components/contract-tariff-card';
import { todayInGermany } from '../../lib/today';
import { PageHeading } from '../../ui/page-heading';
import { contractRoute } from './contract-loader';
import { ContractValidityCard } from './validity-pages';

/** /vertrag/{id}/detail: the contract's data, each card loading on its own, and its screens. */
export function ContractDetailPage() {
  const { id } = contractRoute.useParams();
  const { data: contract } = useContract(id);
  // An ended contract takes no more readings and has no current tariff: its page shows how it
  // ended instead.
  const lieferende = endedOn(contract, todayInGermany());
  const tariff = useQuery({ ...currentTariffQueryOptions(id), enabled: lieferende === null });
  const vertrag = { id };

  return (
    <>
      <PageHeading>{`Vertrag ${id}`}</PageHeading>
      <nav aria-label="Aktionen zum Vertrag" className="button-row">
        {lieferende === null && (
          <Link to="/vertrag/$id/ablesung" params={vertrag} className="button">
            Zählerstand erfassen
          </Link>
        )}
        <Link to="/vertrag/$id/ablesungen" params={vertrag} className="button button-secondary">
          Alle Ablesungen
        </Link>
        <Link to="/vertrag/$id/tarifhistorie" params={vertrag} className="button button-secondary">
          Tarifhistorie
        </Link>
        <Link to="/vertrag/$id/preiszeitreihe" params={vertrag} className="button button-secondary">
          Preiszeitreihe
        </Link>
        {tariff.data?.istDynamisch && (
          <Link
            to="/vertrag/$id/verbrauchshistorie"
            params={vertrag}
            className="button button-secondary"
          >
            Verbrauchshistorie
          </Link>
        )}
      </nav>

      <section className="card" aria-labelledby="stammdaten">
        <h2 id="stammdaten">Vertragsstammdaten</h2>
        <ContractMasterData contract={contract} />
      </section>

      <ContractTariffCard contract={contract} lieferende={lieferende} />
      <LastReadingCard contractId={id} ended={lieferende !== null} />
      {lieferende !== null && <FinalBillCard contractId={id} />}
      <ConsumptionCard contractId={id} />
      <ContractValidityCard
        kind={addressRows}
        contractId={id}
        title="Abweichende Rechnungsadresse"
        emptyText="Für diesen Vertrag ist keine abweichende Rechnungsadresse hinterlegt."
      />
      <ContractValidityCard
        kind={bankRows}
        contractId={id}
        title="Abweichende Bankverbindung"
        emptyText="Für diesen Vertrag ist keine abweichende Bankverbindung hinterlegt."
      />

      <div className="button-row">
        <Link
          to="/vertrag/$id/rechnungsadressen"
          params={vertrag}
          className="button button-secondary"
        >
          Rechnungsadressen des Vertrags
        </Link>
        <Link
          to="/vertrag/$id/bankverbindungen"
          params={vertrag}
          className="button button-secondary"
        >
          Bankverbindungen des Vertrags
        </Link>
        <Link to="/vertraege" className="button button-secondary">
          Zurück
        </Link>
      </div>
    </>
  );
}
