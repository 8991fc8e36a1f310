import { useSyncExternalStore } from 'react';
import { sessionState, sessionStore, type SessionState } from './session-store';

export function useSessionState(): SessionState {
  // Prerendered (the login page, apps/server's app page) as nobody's: hydration starts there.
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => null);
  return sessionState(session);
}
