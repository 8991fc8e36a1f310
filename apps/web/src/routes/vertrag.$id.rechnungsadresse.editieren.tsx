import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { contractQueryOptions } from '../features/contracts/api/get-contract';
import { AddressEdit } from '../features/addresses/components/address-edit';
import { notFoundOn404 } from '../lib/not-found';
import { PageHeading } from '../ui/page-heading';
import { contractParams } from './-components/contract-params';
import { LoadError } from '../ui/load-error';

export const Route = createFileRoute('/vertrag/$id/rechnungsadresse/editieren')({
  params: contractParams,
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(contractQueryOptions(params.id)).catch(notFoundOn404),
  component: EditContractAddressPage,
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});

function EditContractAddressPage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  return (
    <section className="card card-narrow">
      <PageHeading>Neue Rechnungsadresse für Vertrag {id}</PageHeading>
      <AddressEdit
        contractId={id}
        onDone={() => navigate({ to: '/vertrag/$id/rechnungsadressen', params: { id } })}
      />
    </section>
  );
}
