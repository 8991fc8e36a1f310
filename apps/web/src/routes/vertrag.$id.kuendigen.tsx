import { createFileRoute, Link } from '@tanstack/react-router';
import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { contractQueryOptions, useContract } from '../features/contracts/api/get-contract';
import { CancellationForm } from '../features/contracts/components/cancellation-form';
import { notFoundOn404 } from '../lib/not-found';
import { contractParams } from './-components/contract-params';
import { LoadError } from '../ui/load-error';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/vertrag/$id/kuendigen')({
  params: contractParams,
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(contractQueryOptions(params.id)).catch(notFoundOn404),
  component: CancellationPage,
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});

function CancellationPage() {
  const { id } = Route.useParams();
  const { data: contract } = useContract(id);
  return (
    <section className="card card-narrow" aria-labelledby="kuendigen-titel">
      <PageHeading id="kuendigen-titel">{`Vertrag ${id} kündigen`}</PageHeading>
      {contract.status === 'AKTIV' ? (
        <CancellationForm contract={contract} />
      ) : (
        <>
          <p>Dieser Vertrag kann nicht gekündigt werden, weil er nicht aktiv ist.</p>
          <Link to="/vertraege" className="button button-secondary">
            Zurück
          </Link>
        </>
      )}
    </section>
  );
}
