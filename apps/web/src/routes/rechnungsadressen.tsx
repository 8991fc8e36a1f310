import { createFileRoute } from '@tanstack/react-router';
import { addressRows } from '../features/addresses/components/address-list';
import { allValidityRowsPage } from './-components/validity-pages';

export const Route = createFileRoute('/rechnungsadressen')({
  component: allValidityRowsPage(addressRows),
});
