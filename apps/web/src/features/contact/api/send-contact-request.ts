import { useMutation } from '@tanstack/react-query';
import type { ContactRequestInput } from '@kundenportal/contract';
import { apiRequest } from '../../../lib/api-client';

export const sendContactRequest = (input: ContactRequestInput) =>
  apiRequest('/anschlussnutzer/kontaktanfrage', { method: 'POST', body: input });

export const useSendContactRequest = () => useMutation({ mutationFn: sendContactRequest });
