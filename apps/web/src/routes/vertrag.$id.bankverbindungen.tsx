import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { createFileRoute } from '@tanstack/react-router';
import { bankRows } from '../features/bank/components/bank-details-list';
import { contractQueryOptions } from '../features/contracts/api/get-contract';
import { notFoundOn404 } from '../lib/not-found';
import { LoadError } from '../ui/load-error';
import { contractParams } from './-components/contract-params';
import { contractValidityRowsPage } from './-components/validity-pages';

export const Route = createFileRoute('/vertrag/$id/bankverbindungen')({
  params: contractParams,
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(contractQueryOptions(params.id)).catch(notFoundOn404),
  component: contractValidityRowsPage(
    bankRows,
    '/vertrag/$id/bankverbindungen',
    '/vertrag/$id/bankverbindungen/editieren',
  ),
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});
