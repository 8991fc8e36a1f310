import { createFileRoute, Link, useRouterState } from '@tanstack/react-router';
import {
  CONTRACT_LOAD_FAILED_MESSAGE,
  Messages,
  READING_ACCEPTED_MESSAGE,
} from '@kundenportal/contract';
import { readingsQueryOptions, useReadings } from '../features/readings/api/get-readings';
import { ReadingTable } from '../features/readings/components/reading-table';
import { errorMessage } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { LoadError } from '../ui/load-error';
import { PageHeading } from '../ui/page-heading';
import { QueryCard } from '../ui/query-card';
import { PageSkeleton } from '../ui/skeleton';
import { loadContractWith } from './-components/contract-loader';

export const Route = createFileRoute('/vertrag/$id/ablesungen')({
  loader: ({ context: { contract, queryClient }, params }) =>
    loadContractWith(contract, queryClient.prefetchQuery(readingsQueryOptions(params.id))),
  component: ReadingsPage,
  pendingComponent: function PendingReadings() {
    const { id } = Route.useParams();
    return <PageSkeleton heading={`Ablesungen für Vertrag ${id}`} cards={1} />;
  },
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});

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
        errorText={(error) => errorMessage(error, Messages.unknownError)}
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
