import { useMutation } from '@tanstack/react-query';
import { EmailLinkAnswerSchema } from '@kundenportal/contract';
import { apiSend } from '../../../lib/api-client';

export type EmailLink = 'email_bestaetigen' | 'email_widerrufen';

/** The call behind a mail's link: the link's token is the proof, no session is needed. */
export const followEmailLink = ({ link, token }: { link: EmailLink; token: string }) =>
  apiSend(
    `/anschlussnutzer/${link}`,
    { method: 'POST', headers: { token } },
    EmailLinkAnswerSchema,
  );

export const useEmailLink = () => useMutation({ mutationFn: followEmailLink });
