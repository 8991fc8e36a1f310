import { useMutation } from '@tanstack/react-query';
import { ContactRequestAnswerSchema, type ContactRequestInput } from '@kundenportal/contract';
import { apiSend } from '../../../lib/api-client';

/** POST /anschlussnutzer/kontaktanfrage: the server answers 201 with the request's number. */
export const sendContactRequest = (input: ContactRequestInput) =>
  apiSend(
    '/anschlussnutzer/kontaktanfrage',
    { method: 'POST', body: input },
    ContactRequestAnswerSchema,
  );

export const useSendContactRequest = () => useMutation({ mutationFn: sendContactRequest });
