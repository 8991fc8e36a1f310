import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { passwordHeaderValue } from '../../../lib/password-header';

/** POST /anschlussnutzer/passwort_reset_abschluss: the token of the link and the new password. */
export async function completePasswordReset(input: {
  token: string;
  neuesPasswort: string;
}): Promise<void> {
  await apiRequest('/anschlussnutzer/passwort_reset_abschluss', {
    method: 'POST',
    headers: { token: input.token, neuesPasswort: passwordHeaderValue(input.neuesPasswort) },
  });
}

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
