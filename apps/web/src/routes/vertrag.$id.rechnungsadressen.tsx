import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { createFileRoute } from '@tanstack/react-router';
import { addressRows } from '../features/addresses/components/address-list';
import { LoadError } from '../ui/load-error';
import { loadContractWith } from './-components/contract-loader';
import { contractValidityRowsPage } from './-components/validity-pages';

export const Route = createFileRoute('/vertrag/$id/rechnungsadressen')({
  loader: ({ context: { contract, queryClient }, params }) =>
    loadContractWith(contract, queryClient.prefetchQuery(addressRows.api.contractRows(params.id))),
  component: contractValidityRowsPage(
    addressRows,
    '/vertrag/$id/rechnungsadressen',
    '/vertrag/$id/rechnungsadresse/editieren',
  ),
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});
