import { Messages, TokenRefreshAnswerSchema } from '@kundenportal/contract';
import { apiRequest, isAbort } from '../../../lib/api-client';
import { sessionStore } from '../../../session/session-store';

/**
 * GET /token/refresh: renews the session, or ends it when there is no token or the refresh
 * fails (spec §4.1). Answers the spec's message for either outcome.
 */
export async function refreshToken(): Promise<string> {
  const session = sessionStore.get();
  if (!session || session.token === '') {
    sessionStore.clear();
    return Messages.tokenNotRenewed;
  }
  try {
    const answer = await apiRequest('/token/refresh');
    TokenRefreshAnswerSchema.parse(answer.body);
    return Messages.tokenRenewed;
  } catch (error) {
    if (isAbort(error)) throw error;
    // The server may still hold the session (a 5xx, no answer): end it there too.
    await apiRequest('/anschlussnutzer/logout', {
      method: 'DELETE',
      headers: { token: session.token, kundennummer: session.kundennummer },
    }).catch(() => undefined);
    sessionStore.end();
    return Messages.tokenNotRenewed;
  }
}
