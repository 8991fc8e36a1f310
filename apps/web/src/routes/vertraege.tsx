import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useRouterState } from '@tanstack/react-router';
import {
  cancellationErrorMessage,
  cancellationSuccessMessage,
  CONTRACT_CARD_FAILED_MESSAGE,
  Messages,
  Paths,
} from '@kundenportal/contract';
import { contractQueryOptions } from '../features/contracts/api/get-contract';
import { ContractCard, ContractCardFrame } from '../features/contracts/components/contract-card';
import { customerQueryOptions, useCustomer } from '../features/customer/api/get-customer';
import { errorMessage } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { LoadError } from '../ui/load-error';
import { PageHeading } from '../ui/page-heading';
import { PageSkeleton, Skeleton } from '../ui/skeleton';

export const Route = createFileRoute('/vertraege')({
  loader: async ({ context: { queryClient } }) => {
    const customer = await queryClient.ensureQueryData(customerQueryOptions());
    // Each card loads and fails on its own; prefetching never throws.
    await Promise.all(
      customer.vertraege.map((id) => queryClient.prefetchQuery(contractQueryOptions(id))),
    );
  },
  component: ContractsPage,
  pendingComponent: () => <PageSkeleton heading="Verträge" />,
  errorComponent: ({ error }) => <LoadError error={error} fallback={Messages.unknownError} />,
});

function ContractsPage() {
  const { data: customer } = useCustomer();
  const result = useRouterState({ select: (state) => state.location.state.kuendigung });
  return (
    <>
      <PageHeading>Verträge</PageHeading>
      {result?.ergebnis === 'SUCCESS' && (
        <Alert tone="success">{cancellationSuccessMessage(result.vertragsnummer)}</Alert>
      )}
      {result?.ergebnis === 'ERROR' && (
        <Alert tone="error">{cancellationErrorMessage(result.vertragsnummer)}</Alert>
      )}
      {customer.vertraege.length === 0 && (
        <>
          <Alert tone="info">Es wurden keine Verträge im System gefunden.</Alert>
          <p>
            Fehlt hier ein Vertrag, den Sie mit uns geschlossen haben? Nennen Sie uns die
            Vertragsnummer, dann ordnen wir ihn Ihrem Kundenkonto zu:{' '}
            <Link to={Paths.contactRequest}>Schreiben Sie uns</Link>
          </p>
        </>
      )}
      <div className="card-list">
        {customer.vertraege.map((id) => (
          <ContractCardLoader key={id} id={id} mayCancelAfter={result?.ergebnis !== 'SUCCESS'} />
        ))}
      </div>
    </>
  );
}

/** One card: its own skeleton lines, or its own error with a reload, while the others stay. */
function ContractCardLoader({ id, mayCancelAfter }: { id: number; mayCancelAfter: boolean }) {
  const contract = useQuery(contractQueryOptions(id));
  if (contract.data) {
    return (
      <ContractCard
        contract={contract.data}
        mayCancel={contract.data.status === 'AKTIV' && mayCancelAfter}
      />
    );
  }
  return (
    <ContractCardFrame id={id} heading={`Vertrag ${id}`}>
      {contract.isError && !contract.isFetching ? (
        <>
          <Alert tone="error">{errorMessage(contract.error, CONTRACT_CARD_FAILED_MESSAGE)}</Alert>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void contract.refetch()}
          >
            Neu laden<span className="visually-hidden"> (Vertrag {id})</span>
          </button>
        </>
      ) : (
        <Skeleton lines={3} />
      )}
    </ContractCardFrame>
  );
}
