import { createFileRoute, Link } from '@tanstack/react-router';
import {
  CONTRACT_LOAD_FAILED_MESSAGE,
  DOCUMENTS_FAILED_MESSAGE,
  endedOn,
  lastTariff,
  MASTER_DATA_FAILED_MESSAGE,
  NO_TARIFF_MESSAGE,
  type Contract,
} from '@kundenportal/contract';
import { useQuery } from '@tanstack/react-query';
import { addressRows } from '../features/addresses/components/address-list';
import { bankRows } from '../features/bank/components/bank-details-list';
import {
  consumptionQueryOptions,
  useConsumption,
} from '../features/consumption/api/get-consumption';
import { ConsumptionSummary } from '../features/consumption/components/consumption-summary';
import { contractQueryOptions, useContract } from '../features/contracts/api/get-contract';
import { ContractMasterData } from '../features/contracts/components/contract-master-data';
import { documentsQueryOptions, useDocuments } from '../features/documents/api/get-documents';
import { FinalBill } from '../features/documents/components/final-bill';
import { readingsQueryOptions, useReadings } from '../features/readings/api/get-readings';
import { LastReading } from '../features/readings/components/last-reading';
import {
  currentTariffQueryOptions,
  useCurrentTariff,
} from '../features/tariffs/api/get-current-tariff';
import { tariffHistoryQueryOptions } from '../features/tariffs/api/get-tariff-history';
import { TariffDetails } from '../features/tariffs/components/tariff-details';
import { ApiError, errorMessage } from '../lib/api-client';
import { notFoundOn404 } from '../lib/not-found';
import { startInTurns } from '../lib/start-in-turns';
import { todayInGermany } from '../lib/today';
import { Alert } from '../ui/alert';
import { QueryCard } from '../ui/query-card';
import { ValidityList } from '../ui/validity-rows';
import { contractParams } from './-components/contract-params';
import { LoadError } from '../ui/load-error';
import { PageHeading } from '../ui/page-heading';
import { PageSkeleton } from '../ui/skeleton';

export const Route = createFileRoute('/vertrag/$id/detail')({
  params: contractParams,
  loader: ({ context: { queryClient }, params: { id } }) => {
    const contract = queryClient.ensureQueryData(contractQueryOptions(id)).catch(notFoundOn404);
    // The cards' reads start beside the contract's, not after the page has drawn it: one round
    // trip less before they fill, and their requests leave the task that draws the page. The
    // page waits for the contract only; each card shows its own loading and errors. An ended
    // contract's cards (its last tariff, its final bill) are known once the contract is there.
    const ended = (loaded: Contract | undefined) =>
      loaded !== undefined && endedOn(loaded, todayInGermany()) !== null;
    const kept = queryClient.getQueryData(contractQueryOptions(id).queryKey);
    void startInTurns([
      ...(ended(kept) ? [] : [() => queryClient.prefetchQuery(currentTariffQueryOptions(id))]),
      () => queryClient.prefetchQuery(readingsQueryOptions(id)),
      () => queryClient.prefetchQuery(consumptionQueryOptions(id)),
      () => queryClient.prefetchQuery(addressRows.api.contractRows(id)),
      () => queryClient.prefetchQuery(bankRows.api.contractRows(id)),
    ]);
    void contract.then(
      (loaded) =>
        ended(loaded)
          ? startInTurns([
              () => queryClient.prefetchQuery(tariffHistoryQueryOptions(id)),
              () => queryClient.prefetchQuery(documentsQueryOptions()),
            ])
          : undefined,
      // The page shows a contract that failed to load by its own error.
      () => undefined,
    );
    return contract;
  },
  component: ContractDetailPage,
  pendingComponent: function PendingDetail() {
    const { id } = Route.useParams();
    return <PageSkeleton heading={`Vertrag ${id}`} cards={3} />;
  },
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});

const LIST_ERROR = 'Es ist ein unbekannter Fehler aufgetreten.';
/** Entries valid today or later: what the customer has to know of. */
const notEnded = <T extends { gueltigBis: string | null }>(rows: T[]) => {
  const today = todayInGermany();
  return rows.filter((row) => row.gueltigBis === null || row.gueltigBis >= today);
};

/** An ended contract's tariff: the last one it had, from its history. */
function LastTariffCard({ contract }: { contract: Contract & { lieferende: string } }) {
  const history = useQuery(tariffHistoryQueryOptions(contract.id));
  return (
    <QueryCard
      title="Letzter Tarif"
      query={history}
      errorText={(error) => errorMessage(error, MASTER_DATA_FAILED_MESSAGE)}
    >
      {(data) => {
        const tariff = lastTariff(data.historie, contract.lieferbeginn, contract.lieferende);
        return tariff ? (
          <TariffDetails tariff={tariff} kundenArt={contract.kundenArt} />
        ) : (
          <Alert tone="info">{NO_TARIFF_MESSAGE}</Alert>
        );
      }}
    </QueryCard>
  );
}

/** An ended contract's final bill, from the customer's documents. */
function FinalBillCard({ contractId }: { contractId: number }) {
  const documents = useDocuments();
  return (
    <QueryCard
      title="Schlussrechnung"
      query={documents}
      errorText={(error) => errorMessage(error, DOCUMENTS_FAILED_MESSAGE)}
    >
      {(data) => <FinalBill documents={data} contractId={contractId} />}
    </QueryCard>
  );
}

/** The current tariff of a contract still supplied, or spec §8.6's text where there is none. */
function CurrentTariffCard({ contract }: { contract: Contract }) {
  const tariff = useCurrentTariff(contract.id);
  return tariff.error instanceof ApiError && tariff.error.status === 404 ? (
    <section className="card" aria-labelledby="tarif">
      <h2 id="tarif">Aktueller Tarif</h2>
      <Alert tone="info">{NO_TARIFF_MESSAGE}</Alert>
    </section>
  ) : (
    <QueryCard
      title="Aktueller Tarif"
      query={tariff}
      errorText={(error) => errorMessage(error, MASTER_DATA_FAILED_MESSAGE)}
    >
      {(data) => <TariffDetails tariff={data} kundenArt={contract.kundenArt} />}
    </QueryCard>
  );
}

function ContractDetailPage() {
  const { id } = Route.useParams();
  const { data: contract } = useContract(id);
  // An ended contract takes no more readings and has no current tariff: its page shows how it
  // ended instead.
  const lieferende = endedOn(contract, todayInGermany());
  const tariff = useQuery({ ...currentTariffQueryOptions(id), enabled: lieferende === null });
  const readings = useReadings(id);
  const consumption = useConsumption(id);
  const addresses = useQuery(addressRows.api.contractRows(id));
  const bank = useQuery(bankRows.api.contractRows(id));
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

      {lieferende === null ? (
        <CurrentTariffCard contract={contract} />
      ) : (
        <LastTariffCard contract={{ ...contract, lieferende }} />
      )}

      <QueryCard
        title={lieferende === null ? 'Letzte Ablesung' : 'Schlussablesung'}
        query={readings}
        errorText={(error) => errorMessage(error, LIST_ERROR)}
      >
        {(data) => <LastReading readings={data} />}
      </QueryCard>

      {lieferende !== null && <FinalBillCard contractId={id} />}

      <QueryCard
        title="Verbrauch"
        query={consumption}
        errorText={(error) =>
          errorMessage(error, 'Beim Laden der Verbräuche ist ein unbekannter Fehler aufgetreten.')
        }
      >
        {(data) => (
          <>
            <ConsumptionSummary periods={data} />
            {data.length > 0 && (
              <Link
                to="/vertrag/$id/verbrauch"
                params={vertrag}
                className="button button-secondary"
              >
                Alle Verbräuche
              </Link>
            )}
          </>
        )}
      </QueryCard>

      <QueryCard
        title="Abweichende Rechnungsadresse"
        query={addresses}
        errorText={(error) => errorMessage(error, LIST_ERROR)}
      >
        {(data) => (
          <ValidityList
            kind={addressRows}
            rows={notEnded(data)}
            emptyText="Für diesen Vertrag ist keine abweichende Rechnungsadresse hinterlegt."
          />
        )}
      </QueryCard>

      <QueryCard
        title="Abweichende Bankverbindung"
        query={bank}
        errorText={(error) => errorMessage(error, LIST_ERROR)}
      >
        {(data) => (
          <ValidityList
            kind={bankRows}
            rows={notEnded(data)}
            emptyText="Für diesen Vertrag ist keine abweichende Bankverbindung hinterlegt."
          />
        )}
      </QueryCard>

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
