import { useMutation } from '@tanstack/react-query';
import { EmailLinkAnswerSchema } from '@kundenportal/contract';
import { apiRequest } from '../../../lib/api-client';

export type EmailLink = 'email_bestaetigen' | 'email_widerrufen';

/** The call behind a mail's link: the link's token is the proof, no session is needed. */
export const followEmailLink = async ({ link, token }: { link: EmailLink; token: string }) =>
  EmailLinkAnswerSchema.parse(
    (await apiRequest(`/anschlussnutzer/${link}`, { method: 'POST', headers: { token } })).body,
  );

export const useEmailLink = () => useMutation({ mutationFn: followEmailLink });
