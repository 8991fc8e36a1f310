import { createFileRoute } from '@tanstack/react-router';
import { bankRows } from '../features/bank/components/bank-details-list';
import { allValidityRowsPage } from './-components/validity-pages';

export const Route = createFileRoute('/bankverbindungen')({
  // The page shows with its list: a list appearing later pushed the button below it down.
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(bankRows.api.customerRows()),
  component: allValidityRowsPage(bankRows),
});
