import { queryOptions, useQuery } from '@tanstack/react-query';
import { ConsumptionListSchema } from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';

export const consumptionQueryOptions = (contractId: number) =>
  queryOptions({
    queryKey: ['contracts', contractId, 'consumption'],
    queryFn: ({ signal }) =>
      apiGet(`/vertrag/${contractId}/verbraeuche`, ConsumptionListSchema, signal),
  });

export const useConsumption = (contractId: number) => useQuery(consumptionQueryOptions(contractId));
