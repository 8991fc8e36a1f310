import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { TariffHistorySchema } from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';

export const tariffHistoryQueryOptions = (contractId: number) =>
  queryOptions({
    queryKey: ['contracts', contractId, 'tariff-history'],
    queryFn: ({ signal }) =>
      apiGet(`/vertrag/${contractId}/tarifhistorie`, TariffHistorySchema, signal),
  });

export const useTariffHistory = (contractId: number) =>
  useSuspenseQuery(tariffHistoryQueryOptions(contractId));
