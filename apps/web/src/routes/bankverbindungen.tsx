import { createFileRoute } from '@tanstack/react-router';
import { bankRows } from '../features/bank/components/bank-details-list';
import { allValidityRowsPage } from './-components/validity-pages';

export const Route = createFileRoute('/bankverbindungen')({
  component: allValidityRowsPage(bankRows),
});
