import { createFileRoute } from '@tanstack/react-router';
import { CONTRACT_LOAD_FAILED_MESSAGE, endedOn, type Contract } from '@kundenportal/contract';
import { addressRows } from '../features/addresses/components/address-list';
import { bankRows } from '../features/bank/components/bank-details-list';
import { consumptionQueryOptions } from '../features/consumption/api/get-consumption';
import { contractQueryOptions } from '../features/contracts/api/get-contract';
import { documentsQueryOptions } from '../features/documents/api/get-documents';
import { readingsQueryOptions } from '../features/readings/api/get-readings';
import { currentTariffQueryOptions } from '../features/tariffs/api/get-current-tariff';
import { tariffHistoryQueryOptions } from '../features/tariffs/api/get-tariff-history';
import { startInTurns } from '../lib/start-in-turns';
import { todayInGermany } from '../lib/today';
import { LoadError } from '../ui/load-error';
import { PageSkeleton } from '../ui/skeleton';
import { ContractDetailPage } from './-components/contract-detail-page';

export const Route = createFileRoute('/vertrag/$id/detail')({
  loader: ({ context: { contract, queryClient }, params: { id } }) => {
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
