import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { CustomerSchema } from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';

export const getCustomer = (signal?: AbortSignal) =>
  apiGet('/anschlussnutzer', CustomerSchema, signal);

export const customerQueryOptions = () =>
  queryOptions({ queryKey: ['customer'], queryFn: ({ signal }) => getCustomer(signal) });

export const useCustomer = () => useSuspenseQuery(customerQueryOptions());
