import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { contractQueryOptions } from '../../features/contracts/api/get-contract';
import { notFoundOn404 } from '../../lib/not-found';

/**
 * A contract page's loader: the contract (a foreign or unknown one is not found, as on every
 * contract screen) and the page's list at once. The page shows when both are there: a list
 * appearing later pushed the buttons below it down (layout shift 0.11 on a phone, Lighthouse). A
 * failed list does not fail the page (prefetching never throws): its card shows the error and a
 * reload.
 */
export async function loadContractWith<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  id: number,
  list: FetchQueryOptions<Data, Error, Data, Key>,
) {
  await Promise.all([
    queryClient.ensureQueryData(contractQueryOptions(id)).catch(notFoundOn404),
    queryClient.prefetchQuery(list),
  ]);
}
