import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQueries } from '@tanstack/react-query';
import { customerQueryOptions, useCustomer } from '../../customer/api/get-customer';
import { contractQueryOptions } from './get-contract';

/** The customer's contract ids, then each contract's master data (spec §7 has no list call). */
export async function ensureContracts(queryClient: QueryClient) {
  const customer = await queryClient.ensureQueryData(customerQueryOptions());
  await Promise.all(
    customer.vertraege.map((id) => queryClient.ensureQueryData(contractQueryOptions(id))),
  );
}

export function useContracts() {
  const { data: customer } = useCustomer();
  return useSuspenseQueries({
    queries: customer.vertraege.map((id) => contractQueryOptions(id)),
    combine: (results) => results.map((result) => result.data),
  });
}
