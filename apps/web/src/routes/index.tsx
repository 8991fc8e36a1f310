import { createFileRoute, Link, useRouterState } from '@tanstack/react-router';
import { displayName, PASSWORD_CHANGED_MESSAGE, Paths } from '@kundenportal/contract';
import { customerQueryOptions, useCustomer } from '../features/customer/api/get-customer';
import { summaryQueryOptions } from '../features/summary/api/get-summary';
import { ContractSummaries } from '../features/summary/components/contract-summaries';
import { WaitingReadingsList } from '../features/readings/outbox/waiting-readings-list';
import { Alert } from '../ui/alert';
import { PageHeading } from '../ui/page-heading';
import { PageSkeleton } from '../ui/skeleton';

const HEADING = 'Willkommen im Kundenportal';

export const Route = createFileRoute('/')({
  loader: async ({ context: { queryClient } }) => {
    // Both at once, and the page shows when both are there: cards appearing later would push
    // the actions down under the customer's finger (layout shift). A failed summary does not
    // fail the page (prefetching never throws): its card shows the error and a reload.
    await Promise.all([
      queryClient.prefetchQuery(summaryQueryOptions()),
      queryClient.ensureQueryData(customerQueryOptions()),
    ]);
  },
  component: LandingPage,
  pendingComponent: () => <PageSkeleton heading={HEADING} />,
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
  // Kept in this history entry only: the next page the customer opens no longer says it.
  const passwordChanged = useRouterState({
    select: (state) => state.location.state.passwortGeaendert,
  });
  return (
    <>
      <PageHeading id="willkommen" title="Startseite">
        {HEADING}
      </PageHeading>
      {passwordChanged && <Alert tone="success">{PASSWORD_CHANGED_MESSAGE}</Alert>}
      <p className="signed-in">
        Angemeldet als <strong>{displayName(customer)}</strong>
      </p>
      <WaitingReadingsList />
      {customer.vertraege.length > 0 ? (
        <ContractSummaries />
      ) : (
        <p className="card">
          Zu Ihrem Kundenkonto ist noch kein Vertrag hinterlegt. Haben Sie einen Vertrag bei uns,
          der hier fehlt? <Link to={Paths.contactRequest}>Schreiben Sie uns</Link>
        </p>
      )}
      <section className="card" aria-labelledby="aktionen">
        <h2 id="aktionen">Was möchten Sie tun?</h2>
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
    </>
  );
}
