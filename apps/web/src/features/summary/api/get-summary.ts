import { queryOptions, useQuery } from '@tanstack/react-query';
import { SummarySchema } from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';

export const getSummary = (signal?: AbortSignal) => apiGet('/uebersicht', SummarySchema, signal);

export const summaryQueryOptions = () =>
  queryOptions({ queryKey: ['summary'], queryFn: ({ signal }) => getSummary(signal) });

export const useSummary = () => useQuery(summaryQueryOptions());
