import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { BankForm } from '../features/bank/components/bank-form';
import { PageHeading } from '../ui/page-heading';
import { LoadError } from '../ui/load-error';

export const Route = createFileRoute('/vertrag/$id/bankverbindungen_/editieren')({
  loader: ({ context }) => context.contract,
  component: EditContractBankPage,
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});

function EditContractBankPage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  return (
    <section className="card card-narrow">
      <PageHeading>Neue Bankverbindung für Vertrag {id}</PageHeading>
      <BankForm
        contractId={id}
        doneLabel="Zu den Bankverbindungen"
        onDone={() => navigate({ to: '/vertrag/$id/bankverbindungen', params: { id } })}
      />
    </section>
  );
}
