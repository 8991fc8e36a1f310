import { useEffect } from 'react';
import { sessionStore } from '../../session/session-store';

/**
 * When the customer comes back to a hidden tab, the session may have ended on the server
 * (logout elsewhere, password change): refresh it, so that a dead session logs out at once.
 */
export function useRefreshOnReturn() {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && sessionStore.state().kind === 'loggedIn') {
        // Loaded on first use: its answer's schema is no part of the login page.
        void import('./api/refresh-token')
          .then(({ refreshToken }) => refreshToken())
          .catch(() => undefined);
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}
