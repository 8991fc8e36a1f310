import { createFileRoute, Link } from '@tanstack/react-router';
import { Paths, type BankDetails } from '@kundenportal/contract';
import { useCustomerBankDetails } from '../features/bank/api/bank-details';
import { BankDetailsFacts } from '../features/bank/components/bank-details-list';
import { errorMessage } from '../lib/api-client';
import { PageHeading } from '../ui/page-heading';
import { QueryCard } from '../ui/query-card';

export const Route = createFileRoute('/bankverbindungen')({ component: AllBankDetailsPage });

/** Every bank account the customer has had, general and per contract; read only. */
function BankHistory({ details }: { details: BankDetails[] }) {
  if (details.length === 0) return <p>Es sind keine Bankverbindungen hinterlegt.</p>;
  return (
    <ul className="plain-list">
      {details.map((entry) => (
        <li key={entry.bankverbindungId}>
          <p className="muted">
            {entry.vertragId === null ? 'Für alle Verträge' : `Nur für Vertrag ${entry.vertragId}`}
          </p>
          <BankDetailsFacts entry={entry} />
        </li>
      ))}
    </ul>
  );
}

function AllBankDetailsPage() {
  const details = useCustomerBankDetails();
  return (
    <>
      <PageHeading>Alle Bankverbindungen</PageHeading>
      <QueryCard
        title="Bankverbindungen"
        query={details}
        errorText={(error) => errorMessage(error, 'Es ist ein unbekannter Fehler aufgetreten.')}
      >
        {(data) => <BankHistory details={data} />}
      </QueryCard>
      <Link to={Paths.dataOverview} className="button button-secondary">
        Zurück zur Datenübersicht
      </Link>
    </>
  );
}
