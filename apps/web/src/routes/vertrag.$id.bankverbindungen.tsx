import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { createFileRoute } from '@tanstack/react-router';
import { bankRows } from '../features/bank/components/bank-details-list';
import { LoadError } from '../ui/load-error';
import { loadContractWith } from './-components/contract-loader';
import { contractValidityRowsPage } from './-components/validity-pages';

export const Route = createFileRoute('/vertrag/$id/bankverbindungen')({
  loader: ({ context: { contract, queryClient }, params }) =>
    loadContractWith(contract, queryClient.prefetchQuery(bankRows.api.contractRows(params.id))),
  component: contractValidityRowsPage(
    bankRows,
    '/vertrag/$id/bankverbindungen',
    '/vertrag/$id/bankverbindungen/editieren',
  ),
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});
