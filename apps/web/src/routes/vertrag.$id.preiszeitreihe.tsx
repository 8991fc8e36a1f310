import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PriceSeriesView } from '../features/prices/components/price-series-view';
import { PageHeading } from '../ui/page-heading';
import { LoadError } from '../ui/load-error';

export const Route = createFileRoute('/vertrag/$id/preiszeitreihe')({
  loader: ({ context }) => context.contract,
  component: ContractPriceSeriesPage,
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});

function ContractPriceSeriesPage() {
  const { id } = Route.useParams();
  return (
    <>
      <PageHeading>{`Preiszeitreihe für Vertrag ${id}`}</PageHeading>
      <PriceSeriesView contractId={id} />
      <Link to="/vertrag/$id/detail" params={{ id }} className="button button-secondary">
        Zurück
      </Link>
    </>
  );
}
