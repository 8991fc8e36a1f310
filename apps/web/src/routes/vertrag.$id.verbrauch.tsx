import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ConsumptionOverview } from '../features/consumption/components/consumption-overview';
import { LoadError } from '../ui/load-error';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/vertrag/$id/verbrauch')({
  loader: ({ context }) => context.contract,
  component: ConsumptionPage,
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});

function ConsumptionPage() {
  const { id } = Route.useParams();
  return (
    <>
      <PageHeading>{`Verbräuche für Vertrag ${id}`}</PageHeading>
      <ConsumptionOverview contractId={id} />
      <Link to="/vertrag/$id/detail" params={{ id }} className="button button-secondary">
        Zurück
      </Link>
    </>
  );
}
