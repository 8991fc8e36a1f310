import { createFileRoute } from '@tanstack/react-router';
import { addressRows } from '../features/addresses/components/address-list';
import { PageSkeleton } from '../ui/skeleton';
import { allValidityRowsPage } from './-components/validity-pages';

export const Route = createFileRoute('/rechnungsadressen')({
  // The page shows with its list: a list appearing later pushed the button below it down.
  loader: ({ context: { queryClient } }) =>
    queryClient.prefetchQuery(addressRows.api.customerRows()),
  pendingComponent: () => <PageSkeleton heading="Alle Rechnungsadressen" cards={1} />,
  component: allValidityRowsPage(addressRows),
});
