import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Paths } from '@kundenportal/contract';
import { AddressEdit } from '../features/addresses/components/address-edit';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/rechnungsadresse/editieren')({ component: EditAddressPage });

function EditAddressPage() {
  const navigate = useNavigate();
  return (
    <section className="card card-narrow">
      <PageHeading>Neue Rechnungsadresse anlegen</PageHeading>
      <AddressEdit contractId={null} onDone={() => navigate({ to: Paths.dataOverview })} />
    </section>
  );
}
