import { apiRequest } from '../../../lib/api-client';
import { sessionStore } from '../../../session/session-store';

/** DELETE /anschlussnutzer/logout, then the local session ends whatever the server answered. */
export async function logout(): Promise<void> {
  const session = sessionStore.get();
  try {
    if (session && session.token !== '') {
      await apiRequest('/anschlussnutzer/logout', { method: 'DELETE' });
    }
  } catch {
    // An expired or unknown token is logged out already; nothing left to tell the customer.
  } finally {
    sessionStore.clear();
  }
}
