import {
  FORCED_CHANGE_SESSION_SECONDS,
  SESSION_STORAGE_KEY,
  parseSession,
  type Session,
} from '@kundenportal/contract';

export type SessionState =
  | { kind: 'loggedOut' }
  | { kind: 'loggedIn'; session: Session }
  | { kind: 'forcedChange'; session: Session };

/** Spec §4.1: an empty token is the forced-change state; a passed expiry is logged out. */
export function sessionState(session: Session | null, now = Date.now()): SessionState {
  if (!session || Date.parse(session.ablaufdatum) <= now) return { kind: 'loggedOut' };
  return session.token === '' ? { kind: 'forcedChange', session } : { kind: 'loggedIn', session };
}

function read(): Session | null {
  try {
    const stored = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!stored) return null;
    return parseSession(JSON.parse(stored)) ?? null;
  } catch {
    return null;
  }
}

const expiresIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/**
 * The session in local storage under ekp-token, shared by every tab: a change in one tab reaches
 * the others through the storage event, and a timer ends it when it expires.
 */
function createSessionStore() {
  let current = read();
  const listeners = new Set<() => void>();
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set when a live session ended without the customer logging out, for the login page. */
  let endedUnasked = false;

  function scheduleExpiry() {
    clearTimeout(expiryTimer);
    if (!current) return;
    // setTimeout takes at most 2^31-1 ms; a longer wait is re-armed by the next change anyway.
    const wait = Math.min(Date.parse(current.ablaufdatum) - Date.now(), 2 ** 31 - 1);
    expiryTimer = setTimeout(
      () => {
        if (current && Date.parse(current.ablaufdatum) <= Date.now()) end();
        else scheduleExpiry();
      },
      Math.max(wait, 0),
    );
  }

  function changed(next: Session | null) {
    current = next;
    scheduleExpiry();
    for (const listener of listeners) listener();
  }

  function save(session: Session) {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    changed(session);
  }

  function clear() {
    localStorage.removeItem(SESSION_STORAGE_KEY);
    changed(null);
  }

  /** The session ended by itself (expiry, 401, failed refresh), not by the customer. */
  function end() {
    if (current) endedUnasked = true;
    clear();
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === SESSION_STORAGE_KEY || event.key === null) changed(read());
    });
  }
  scheduleExpiry();

  return {
    get: () => current,
    state: () => sessionState(current),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** After login or a password change: the token and the ttl of the answer. */
    start(token: string, ttlSeconds: number, kundennummer: string) {
      endedUnasked = false;
      save({ token, ablaufdatum: expiresIn(ttlSeconds), kundennummer });
    },
    /** Login answered 700: an empty token for 300 seconds. */
    startForcedChange(kundennummer: string) {
      save({ token: '', ablaufdatum: expiresIn(FORCED_CHANGE_SESSION_SECONDS), kundennummer });
    },
    /** Every answer's ttl renews the expiry of a live session. */
    renew(ttlSeconds: number) {
      if (current && current.token !== '' && sessionState(current).kind === 'loggedIn') {
        save({ ...current, ablaufdatum: expiresIn(ttlSeconds) });
      }
    },
    /** Logout, or a login that failed: the session ends as the customer wanted. */
    clear,
    end,
    /** Whether the last session ended without the customer logging out. */
    endedUnasked: () => endedUnasked,
  };
}

export const sessionStore = createSessionStore();
