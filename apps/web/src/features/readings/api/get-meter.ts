import { queryOptions, useQuery } from '@tanstack/react-query';
import { MeterSchema } from '@kundenportal/contract';
import { apiGet, ApiError } from '../../../lib/api-client';

export const getMeter = (contractId: number, signal?: AbortSignal) =>
  apiGet(`/vertrag/${contractId}/zaehler`, MeterSchema, signal);

export const meterQueryOptions = (contractId: number) =>
  queryOptions({
    queryKey: ['contracts', contractId, 'meter'],
    queryFn: ({ signal }) => getMeter(contractId, signal),
  });

export const useMeter = (contractId: number) => useQuery(meterQueryOptions(contractId));

/** 404: the contract has no meter (yet). */
export const hasNoMeter = (error: unknown) => error instanceof ApiError && error.status === 404;
