import { createFileRoute, Link, useRouterState } from '@tanstack/react-router';
import { CONTRACT_LOAD_FAILED_MESSAGE, READING_ACCEPTED_MESSAGE } from '@kundenportal/contract';
import { contractQueryOptions } from '../features/contracts/api/get-contract';
import { useReadings } from '../features/readings/api/get-readings';
import { ReadingTable } from '../features/readings/components/reading-table';
import { errorMessage } from '../lib/api-client';
import { notFoundOn404 } from '../lib/not-found';
import { Alert } from '../ui/alert';
import { LoadError } from '../ui/load-error';
import { PageHeading } from '../ui/page-heading';
import { QueryCard } from '../ui/query-card';
import { contractParams } from './-components/contract-params';

export const Route = createFileRoute('/vertrag/$id/ablesungen')({
  params: contractParams,
  // A foreign or unknown contract is not found, as on the other contract screens.
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(contractQueryOptions(params.id)).catch(notFoundOn404),
  component: ReadingsPage,
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});

const LIST_ERROR = 'Es ist ein unbekannter Fehler aufgetreten.';

function ReadingsPage() {
  const { id } = Route.useParams();
  const readings = useReadings(id);
  const saved = useRouterState({ select: (state) => state.location.state.ablesungGespeichert });
  const vertrag = { id };
  return (
    <>
      <PageHeading>{`Ablesungen für Vertrag ${id}`}</PageHeading>
      {saved && <Alert tone="success">{READING_ACCEPTED_MESSAGE}</Alert>}
      <QueryCard
        title="Alle Ablesungen"
        query={readings}
        errorText={(error) => errorMessage(error, LIST_ERROR)}
      >
        {(data) => <ReadingTable contractId={id} readings={data} />}
      </QueryCard>
      <nav aria-label="Weiter" className="button-row">
        <Link to="/vertrag/$id/ablesung" params={vertrag} className="button">
          Zählerstand erfassen
        </Link>
        <Link to="/vertrag/$id/detail" params={vertrag} className="button button-secondary">
          Zurück zum Vertrag
        </Link>
      </nav>
    </>
  );
}
