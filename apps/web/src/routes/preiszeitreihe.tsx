import { createFileRoute, Link } from '@tanstack/react-router';
import { PriceSeriesView } from '../features/prices/components/price-series-view';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/preiszeitreihe')({
  component: PriceSeriesPage,
});

/** The price series of the customer's dynamic tariff, without a contract (spec §2.4). */
function PriceSeriesPage() {
  return (
    <>
      <PageHeading>Preiszeitreihe</PageHeading>
      <PriceSeriesView contractId={null} />
      <Link to="/" className="button button-secondary">
        Zurück
      </Link>
    </>
  );
}
