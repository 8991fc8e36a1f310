import { useMutation } from '@tanstack/react-query';
import { NoContentSchema, type ContactRequestInput } from '@kundenportal/contract';
import { apiSend } from '../../../lib/api-client';

/** POST /anschlussnutzer/kontaktanfrage: the server answers 204. */
export const sendContactRequest = (input: ContactRequestInput) =>
  apiSend('/anschlussnutzer/kontaktanfrage', { method: 'POST', body: input }, NoContentSchema);

export const useSendContactRequest = () => useMutation({ mutationFn: sendContactRequest });
