import { createFileRoute, Link } from '@tanstack/react-router';
import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { useContract } from '../features/contracts/api/get-contract';
import { CancellationForm } from '../features/contracts/components/cancellation-form';
import { LoadError } from '../ui/load-error';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/vertrag/$id/kuendigen')({
  loader: ({ context }) => context.contract,
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
