import { useMutation } from '@tanstack/react-query';
import { SessionAnswerSchema, type ChangePasswordInput } from '@kundenportal/contract';
import { apiSendAnswer } from '../../../lib/api-client';
import { sessionStore } from '../../../session/session-store';

/** PUT /anschlussnutzer/passwort_aendern; the answer's token starts a normal session. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  const answer = await apiSendAnswer(
    '/anschlussnutzer/passwort_aendern',
    { method: 'PUT', body: input },
    SessionAnswerSchema,
  );
  sessionStore.start(
    answer.headers.get('token') ?? '',
    Number(answer.headers.get('ttl')),
    answer.body.kundennummer,
  );
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
