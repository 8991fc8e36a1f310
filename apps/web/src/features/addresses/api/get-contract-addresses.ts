import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { BillingAddressSchema } from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';

export const contractAddressesQueryOptions = (contractId: number) =>
  queryOptions({
    queryKey: ['contracts', contractId, 'billing-addresses'],
    queryFn: ({ signal }) =>
      apiGet(`/vertrag/${contractId}/rechnungsadresse/alle`, z.array(BillingAddressSchema), signal),
  });

export const useContractAddresses = (contractId: number) =>
  useQuery(contractAddressesQueryOptions(contractId));
