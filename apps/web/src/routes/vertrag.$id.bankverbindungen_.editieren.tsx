import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { BankForm } from '../features/bank/components/bank-form';
import { contractQueryOptions } from '../features/contracts/api/get-contract';
import { notFoundOn404 } from '../lib/not-found';
import { PageHeading } from '../ui/page-heading';
import { contractParams } from './-components/contract-params';
import { LoadError } from '../ui/load-error';

export const Route = createFileRoute('/vertrag/$id/bankverbindungen_/editieren')({
  params: contractParams,
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(contractQueryOptions(params.id)).catch(notFoundOn404),
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
