import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ReadingSchema } from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';

export const readingsQueryOptions = (contractId: number) =>
  queryOptions({
    queryKey: ['contracts', contractId, 'readings'],
    queryFn: ({ signal }) =>
      apiGet(`/vertrag/${contractId}/ablesungen`, z.array(ReadingSchema), signal),
  });

export const useReadings = (contractId: number) => useQuery(readingsQueryOptions(contractId));
