import { createFileRoute, Link, useRouterState } from '@tanstack/react-router';
import {
  displayName,
  PASSWORD_CHANGED_MESSAGE,
  Paths,
  SUMMARY_FAILED_MESSAGE,
} from '@kundenportal/contract';
import { customerQueryOptions, useCustomer } from '../features/customer/api/get-customer';
import { summaryQueryOptions, useSummary } from '../features/summary/api/get-summary';
import { ContractSummaryCard } from '../features/summary/components/contract-summary-card';
import { WaitingReadingsList } from '../features/readings/outbox/waiting-readings-list';
import { errorMessage } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { PageHeading } from '../ui/page-heading';
import { PageSkeleton, SkeletonCard } from '../ui/skeleton';

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

/** One card per supplied contract, from one call; grey cards while it loads. */
function ContractSummaries() {
  const summary = useSummary();
  return (
    <section
      className="summary-section"
      aria-labelledby="ihre-vertraege"
      aria-busy={summary.isFetching || undefined}
    >
      <h2 id="ihre-vertraege" className="section-heading">
        Ihre Verträge auf einen Blick
      </h2>
      {summary.isPending ? (
        <div className="card-list">
          <SkeletonCard lines={4} />
          <SkeletonCard lines={4} />
        </div>
      ) : summary.isError ? (
        <section className="card">
          <Alert tone="error">{errorMessage(summary.error, SUMMARY_FAILED_MESSAGE)}</Alert>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void summary.refetch()}
            disabled={summary.isFetching}
          >
            Übersicht neu laden
          </button>
        </section>
      ) : summary.data.vertraege.length === 0 ? (
        <p className="card">
          Zurzeit wird keiner Ihrer Verträge beliefert.{' '}
          <Link to={Paths.contracts}>Alle Verträge ansehen</Link>
        </p>
      ) : (
        <div className="card-list">
          {summary.data.vertraege.map((contract) => (
            <ContractSummaryCard key={contract.vertragId} summary={contract} />
          ))}
        </div>
      )}
    </section>
  );
}
