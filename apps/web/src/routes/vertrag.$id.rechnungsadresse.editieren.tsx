import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AddressEdit } from '../features/addresses/components/address-edit';
import { PageHeading } from '../ui/page-heading';
import { LoadError } from '../ui/load-error';

export const Route = createFileRoute('/vertrag/$id/rechnungsadresse/editieren')({
  loader: ({ context }) => context.contract,
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
