import { Paths } from '@kundenportal/contract';
import { sessionStore } from '../session/session-store';

/**
 * Lets the browser load its German locale and time zone data in a worker while the screen's
 * code and data are still on their way, when the app starts on a logged-in screen: the first
 * Intl formatter of a page costs 14–26 ms on this machine's Chromium and several times that on a
 * phone, which otherwise blocked the page's thread (in the task that shows the screen, or in an
 * idle callback of its own). That data is the process's, not the thread's. The login and
 * landing pages format no date or number and are left alone.
 */
export function warmUpIntlWhileLoading() {
  const path = window.location.pathname;
  if (!sessionStore.get() || path === Paths.home || typeof Worker === 'undefined') return;
  new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module' });
}
