import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Paths } from '@kundenportal/contract';
import { BankForm } from '../features/bank/components/bank-form';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/bankverbindung/editieren')({ component: EditBankPage });

function EditBankPage() {
  const navigate = useNavigate();
  return (
    <section className="card card-narrow">
      <PageHeading>Neue Bankverbindung anlegen</PageHeading>
      <BankForm
        contractId={null}
        doneLabel="Zur Datenübersicht"
        onDone={() => navigate({ to: Paths.dataOverview })}
      />
    </section>
  );
}
