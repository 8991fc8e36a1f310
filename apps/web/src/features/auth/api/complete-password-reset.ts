import { useMutation } from '@tanstack/react-query';
import { MessageAnswerSchema } from '@kundenportal/contract';
import { apiSend } from '../../../lib/api-client';
import { passwordHeaderValue } from '../../../lib/password-header';

/** POST /anschlussnutzer/passwort_reset_abschluss: the token of the link and the new password. */
export const completePasswordReset = (input: { token: string; neuesPasswort: string }) =>
  apiSend(
    '/anschlussnutzer/passwort_reset_abschluss',
    {
      method: 'POST',
      headers: { token: input.token, neuesPasswort: passwordHeaderValue(input.neuesPasswort) },
    },
    MessageAnswerSchema,
  );

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
