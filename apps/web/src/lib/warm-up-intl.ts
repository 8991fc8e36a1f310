import { Paths, TIME_ZONE } from '@kundenportal/contract';
import { sessionStore } from '../session/session-store';

/**
 * Lets the browser load its German locale and time zone data while the screen's code and data
 * are still on their way, when the app starts on a logged-in screen: the first Intl formatter
 * of a page costs tens of milliseconds on a phone (measured), which otherwise fell into the
 * long task that shows the screen. The login and landing pages format no date or number and
 * are left alone.
 */
export function warmUpIntlWhileLoading() {
  const path = window.location.pathname;
  if (!sessionStore.get() || path === Paths.home) return;
  const warmUp = () => {
    new Intl.NumberFormat('de-DE').format(0);
    new Intl.DateTimeFormat('de-DE', { timeZone: TIME_ZONE }).format(0);
  };
  if ('requestIdleCallback' in window) requestIdleCallback(warmUp, { timeout: 1000 });
  else setTimeout(warmUp);
}
