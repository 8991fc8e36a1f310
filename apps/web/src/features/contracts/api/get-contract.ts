import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { ContractSchema } from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';

export const getContract = (id: number, signal?: AbortSignal) =>
  apiGet(`/vertrag/${id}`, ContractSchema, signal);

export const contractQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['contracts', id], queryFn: ({ signal }) => getContract(id, signal) });

export const useContract = (id: number) => useSuspenseQuery(contractQueryOptions(id));
