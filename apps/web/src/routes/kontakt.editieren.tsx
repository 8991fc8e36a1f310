import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { CONTACT_LOAD_ERROR } from '@kundenportal/contract';
import { customerQueryOptions } from '../features/customer/api/get-customer';
import { ContactForm } from '../features/customer/components/contact-form';
import { errorMessage } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { PageHeading } from '../ui/page-heading';
import { SkeletonForm } from '../ui/skeleton';
import { useDrawnInSlices } from '../ui/use-drawn-in-slices';

export const Route = createFileRoute('/kontakt/editieren')({ component: EditContactPage });

function EditContactPage() {
  const customer = useQuery(customerQueryOptions());
  const drawn = useDrawnInSlices(!customer.isPending);
  return (
    <section className="card card-narrow" aria-busy={customer.isFetching || undefined}>
      <PageHeading>Kontaktdaten bearbeiten</PageHeading>
      {!drawn || customer.isPending ? (
        <SkeletonForm fields={4} />
      ) : customer.isError ? (
        <>
          <Alert tone="error">{errorMessage(customer.error, CONTACT_LOAD_ERROR)}</Alert>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void customer.refetch()}
          >
            Erneut laden
          </button>
        </>
      ) : (
        <ContactForm customer={customer.data} />
      )}
    </section>
  );
}
