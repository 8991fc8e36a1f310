import type { QueryClient } from '@tanstack/react-query';
import { sessionStore } from '../../../session/session-store';
import { answerBackgroundSync } from './background-sync';
import { onOutboxChange } from './outbox-changes';
import { waitingReadingsOf } from './waiting-readings';

/**
 * The sender comes with the reading call's schemas (zod): loaded only when the logged-in
 * customer has something waiting, so that the login page stays without them.
 */
async function sendIfWaiting(): Promise<number> {
  const state = sessionStore.state();
  if (state.kind !== 'loggedIn') return 0;
  const unsent = async () =>
    (await waitingReadingsOf(state.session.kundennummer)).filter(
      (reading) => reading.ablehnung === undefined,
    ).length;
  // The browser knows it is offline: trying would only fail; `online` comes when it can.
  if (!navigator.onLine || (await unsent()) === 0) return unsent();
  const { sendWaitingReadings } = await import('./send-waiting-readings');
  await sendWaitingReadings();
  return unsent();
}

/**
 * From the app's start (./start-offline-support.ts): sends waiting readings at once, when the
 * connection returns, at each login (a session that expired offline keeps them until then), when
 * the customer comes back to the tab (a server that did not answer while the browser stayed
 * online fires no `online`) and when the service worker's Background Sync asks; a sent reading
 * shows in its contract's readings at once. Answers the function that stops it.
 */
export function sendWaitingReadingsWhenPossible(queryClient: QueryClient): () => void {
  const send = () => void sendIfWaiting();
  send();
  window.addEventListener('online', send);
  const sendWhenVisible = () => {
    if (document.visibilityState === 'visible') send();
  };
  document.addEventListener('visibilitychange', sendWhenVisible);
  let loggedIn = sessionStore.state().kind === 'loggedIn';
  const stopSession = sessionStore.subscribe(() => {
    const now = sessionStore.state().kind === 'loggedIn';
    if (now && !loggedIn) send();
    loggedIn = now;
  });
  const stopSync = answerBackgroundSync(sendIfWaiting);
  const stopChanges = onOutboxChange((sentTo) => {
    for (const contractId of new Set(sentTo))
      void queryClient.invalidateQueries({ queryKey: ['contracts', contractId] });
  });
  return () => {
    window.removeEventListener('online', send);
    document.removeEventListener('visibilitychange', sendWhenVisible);
    stopSession();
    stopSync();
    stopChanges();
  };
}
