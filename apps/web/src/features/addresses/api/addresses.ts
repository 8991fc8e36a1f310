import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  BillingAddressSchema,
  NoContentSchema,
  type BillingAddress,
  type CreateBillingAddressInput,
} from '@kundenportal/contract';
import { apiGet, apiSend } from '../../../lib/api-client';

/** All of the customer's billing addresses, general and contract-specific. */
export const customerAddressesQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'billing-addresses'],
    queryFn: ({ signal }) =>
      apiGet('/anschlussnutzer/rechnungsadressen', z.array(BillingAddressSchema), signal),
  });
export const useCustomerAddresses = () => useQuery(customerAddressesQueryOptions());

/** The general address valid today; 404 with the text of spec §8.5 when there is none. */
export const currentAddressQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'billing-addresses', 'current'],
    queryFn: ({ signal }) =>
      apiGet('/anschlussnutzer/aktuelleRechnungsadresse', BillingAddressSchema, signal),
    retry: false,
  });
export const useCurrentAddress = () => useQuery(currentAddressQueryOptions());

/** The current address of a contract, or of the customer without a contract. */
export const startingAddressQueryOptions = (contractId: number | null) =>
  queryOptions({
    queryKey:
      contractId === null
        ? ['customer', 'billing-addresses', 'current']
        : ['contracts', contractId, 'billing-addresses', 'current'],
    queryFn: ({ signal }) =>
      apiGet(
        contractId === null
          ? '/anschlussnutzer/aktuelleRechnungsadresse'
          : `/vertrag/${contractId}/rechnungsadresse/aktuelle`,
        BillingAddressSchema,
        signal,
      ),
    retry: false,
  });

export function useCreateAddress(contractId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBillingAddressInput) =>
      apiSend(
        contractId === null
          ? '/anschlussnutzer/rechnungsadresseAnlegen'
          : `/vertrag/${contractId}/rechnungsadresse/anlegen`,
        { method: 'POST', body: input },
        BillingAddressSchema,
      ),
    // A refused address changed nothing; a stored one changes the lists and the current one.
    onSuccess: () => invalidateAddresses(queryClient, contractId),
  });
}

function invalidateAddresses(
  queryClient: ReturnType<typeof useQueryClient>,
  contractId: number | null,
) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['customer', 'billing-addresses'] }),
    contractId !== null &&
      queryClient.invalidateQueries({ queryKey: ['contracts', contractId, 'billing-addresses'] }),
  ]);
}

export function useDeleteOrEndAddress(contractId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ row, action }: { row: BillingAddress; action: 'loeschen' | 'beenden' }) =>
      apiSend(
        `/vertrag/${contractId}/rechnungsadresse/${action}/${row.id}`,
        { method: 'DELETE' },
        NoContentSchema,
      ),
    onSettled: () => invalidateAddresses(queryClient, contractId),
  });
}
