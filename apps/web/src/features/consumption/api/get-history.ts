import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  GRANULARITY_INTERVALS,
  HistoryAnswerSchema,
  type HistoryMode,
} from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';

/**
 * The history of one mode and window. Loaded data stays cached per mode and range (spec §4.3):
 * going back and forth shows it again at once; only the reload button fetches it anew.
 */
export const historyQueryOptions = (contractId: number, mode: HistoryMode, from: Date, to: Date) =>
  queryOptions({
    queryKey: ['contracts', contractId, 'history', mode, from.toISOString(), to.toISOString()],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        von: from.toISOString(),
        bis: to.toISOString(),
        interval: GRANULARITY_INTERVALS[mode],
      });
      return apiGet(`/vertrag/${contractId}/historie?${query}`, HistoryAnswerSchema, signal);
    },
    staleTime: Infinity,
  });

export const useHistory = (contractId: number, mode: HistoryMode, from: Date, to: Date) =>
  useQuery(historyQueryOptions(contractId, mode, from, to));
