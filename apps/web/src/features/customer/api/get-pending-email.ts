import { queryOptions, useQuery } from '@tanstack/react-query';
import { PendingEmailChangeSchema } from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';

/** The new e-mail address waiting for the confirmation sent to it, if any. */
export const pendingEmailQueryOptions = () =>
  queryOptions({
    queryKey: ['pending-email'],
    queryFn: ({ signal }) =>
      apiGet('/anschlussnutzer/emailAenderung', PendingEmailChangeSchema, signal),
  });

export const usePendingEmail = () => useQuery(pendingEmailQueryOptions());
