import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { BankDetailsSchema } from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';

export const contractBankDetailsQueryOptions = (contractId: number) =>
  queryOptions({
    queryKey: ['contracts', contractId, 'bank-details'],
    queryFn: ({ signal }) =>
      apiGet(`/vertrag/${contractId}/bankverbindung/alle`, z.array(BankDetailsSchema), signal),
  });

export const useContractBankDetails = (contractId: number) =>
  useQuery(contractBankDetailsQueryOptions(contractId));
