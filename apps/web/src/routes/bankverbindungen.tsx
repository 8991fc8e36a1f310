import { createFileRoute } from '@tanstack/react-router';
import { bankRows } from '../features/bank/components/bank-details-list';
import { PageSkeleton } from '../ui/skeleton';
import { allValidityRowsPage } from './-components/validity-pages';

export const Route = createFileRoute('/bankverbindungen')({
  // The page shows with its list: a list appearing later pushed the button below it down.
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(bankRows.api.customerRows()),
  pendingComponent: () => <PageSkeleton heading="Alle Bankverbindungen" cards={1} />,
  component: allValidityRowsPage(bankRows),
});
