import { useMutation } from '@tanstack/react-query';
import {
  LOGIN_STATUS_MUST_CHANGE_PASSWORD,
  LOGIN_STATUS_NO_PORTAL_ACCESS,
  parseSessionAnswer,
} from '@kundenportal/contract';
import { apiRequest } from '../../../lib/api-client';
import { sessionStore } from '../../../session/session-store';
import { passwordHeaderValue } from '../../../lib/password-header';

export type LoginResult = 'loggedIn' | 'mustChangePassword' | 'noPortalAccess';

/** POST /anschlussnutzer/login and the session transitions of spec §4.1. */
export async function login(kundennummer: string, passwort: string): Promise<LoginResult> {
  sessionStore.clear();
  try {
    const answer = await apiRequest('/anschlussnutzer/login', {
      method: 'POST',
      headers: { kundennummer, passwort: passwordHeaderValue(passwort) },
      passStatuses: [LOGIN_STATUS_MUST_CHANGE_PASSWORD, LOGIN_STATUS_NO_PORTAL_ACCESS],
    });
    if (answer.status === LOGIN_STATUS_MUST_CHANGE_PASSWORD) {
      sessionStore.startForcedChange(kundennummer);
      return 'mustChangePassword';
    }
    if (answer.status === LOGIN_STATUS_NO_PORTAL_ACCESS) return 'noPortalAccess';
    const token = answer.headers.get('token') ?? '';
    const ttl = Number(answer.headers.get('ttl'));
    const body = parseSessionAnswer(answer.body);
    if (!body) throw new Error('Die Antwort nennt keine Kundennummer.');
    sessionStore.start(token, ttl, body.kundennummer);
    return 'loggedIn';
  } catch (error) {
    sessionStore.clear();
    throw error;
  }
}

export function useLogin() {
  return useMutation({
    mutationFn: ({ kundennummer, passwort }: { kundennummer: string; passwort: string }) =>
      login(kundennummer, passwort),
  });
}
