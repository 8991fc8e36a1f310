import { useSyncExternalStore } from 'react';
import { sessionState, sessionStore, type SessionState } from './session-store';

export function useSessionState(): SessionState {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  return sessionState(session);
}
