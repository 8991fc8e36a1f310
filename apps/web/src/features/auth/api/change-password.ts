import { useMutation } from '@tanstack/react-query';
import { parseSessionAnswer, type ChangePasswordInput } from '@kundenportal/contract';
import { apiRequest } from '../../../lib/api-client';
import { sessionStore } from '../../../session/session-store';

/** PUT /anschlussnutzer/passwort_aendern; the answer's token starts a normal session. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  const answer = await apiRequest('/anschlussnutzer/passwort_aendern', {
    method: 'PUT',
    body: input,
  });
  const body = parseSessionAnswer(answer.body);
  if (!body) throw new Error('Die Antwort nennt keine Kundennummer.');
  sessionStore.start(
    answer.headers.get('token') ?? '',
    Number(answer.headers.get('ttl')),
    body.kundennummer,
  );
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
