import { createFileRoute, Link } from '@tanstack/react-router';
import { displayName, Paths } from '@kundenportal/contract';
import { customerQueryOptions, useCustomer } from '../features/customer/api/get-customer';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(customerQueryOptions()),
  component: LandingPage,
});

const ACTIONS = [
  { to: Paths.reading, label: 'Zählerstand erfassen' },
  { to: Paths.dataOverview, label: 'Datenübersicht' },
  { to: Paths.documents, label: 'Dokumente' },
  { to: Paths.contracts, label: 'Verträge' },
  { to: Paths.contactRequest, label: 'Kontakt' },
  { to: Paths.changePassword, label: 'Passwort ändern' },
] as const;

function LandingPage() {
  const { data: customer } = useCustomer();
  return (
    <section className="card" aria-labelledby="willkommen">
      <PageHeading id="willkommen" title="Startseite">
        Willkommen im Kundenportal
      </PageHeading>
      <p className="signed-in">
        Angemeldet als <strong>{displayName(customer)}</strong>
      </p>
      <ul className="action-grid">
        {ACTIONS.map((action) => (
          <li key={action.to}>
            <Link to={action.to} className="button button-tile">
              {action.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
