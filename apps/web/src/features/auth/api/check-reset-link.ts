import { queryOptions, useQuery } from '@tanstack/react-query';
import { PasswordResetLinkAnswerSchema } from '@kundenportal/contract';
import { apiSend } from '../../../lib/api-client';

/**
 * POST /anschlussnutzer/passwort_reset_pruefen: whether the mail's link can still be used, so
 * that the page says so before the customer types. A POST because it is counted.
 */
export const checkResetLink = (token: string, signal?: AbortSignal) =>
  apiSend(
    '/anschlussnutzer/passwort_reset_pruefen',
    { method: 'POST', headers: { token }, signal },
    PasswordResetLinkAnswerSchema,
  );

export const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-link', token],
    queryFn: ({ signal }) => checkResetLink(token, signal),
    staleTime: Infinity,
    retry: false,
  });

export const useResetLinkCheck = (token: string | undefined) =>
  useQuery({ ...resetLinkQueryOptions(token ?? ''), enabled: Boolean(token) });
