import { queryOptions, useQuery } from '@tanstack/react-query';
import { DocumentListSchema } from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';

export const documentsQueryOptions = () =>
  queryOptions({
    queryKey: ['documents'],
    queryFn: ({ signal }) => apiGet('/dokument/alle', DocumentListSchema, signal),
  });

export const useDocuments = () => useQuery(documentsQueryOptions());
