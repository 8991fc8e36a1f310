import { createFileRoute } from '@tanstack/react-router';
import { contractQueryOptions, useContract } from '../features/contracts/api/get-contract';
import { CancellationForm } from '../features/contracts/components/cancellation-form';
import { notFoundOn404 } from '../lib/not-found';
import { contractParams, useContractId } from './-components/contract-params';
import { LoadError } from './-components/load-error';

export const Route = createFileRoute('/vertrag/$id/kuendigen')({
  params: contractParams,
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(contractQueryOptions(params.id)).catch(notFoundOn404),
  component: CancellationPage,
  errorComponent: () => <LoadError message="Beim Laden des Vertrags ist ein Fehler aufgetreten." />,
});

function CancellationPage() {
  const id = useContractId();
  const { data: contract } = useContract(id);
  return (
    <section className="card card-narrow" aria-labelledby="kuendigen-titel">
      <h1 id="kuendigen-titel">Vertrag {id} kündigen</h1>
      {contract.status === 'AKTIV' ? (
        <CancellationForm contract={contract} />
      ) : (
        <p>Dieser Vertrag kann nicht gekündigt werden, weil er nicht aktiv ist.</p>
      )}
    </section>
  );
}
