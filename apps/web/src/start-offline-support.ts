import type { QueryClient } from '@tanstack/react-query';
import { sendWaitingReadingsWhenPossible } from './features/readings/outbox/send-when-possible';
import { keepQueriesOffline, restoreKeptQueries } from './lib/offline/kept-queries';

/**
 * What keeps the portal usable without signal: the customer's screens kept on the device, and
 * the readings entered offline sent once the network is back. A chunk of its own, loaded by
 * main.tsx beside the first screen (before it only for an offline start): the login page needs
 * none of it, and it is 5 kB of the entry.
 */
export function startOfflineSupport(queryClient: QueryClient) {
  keepQueriesOffline(queryClient);
  sendWaitingReadingsWhenPossible(queryClient);
  return {
    /** An offline start: the customer's kept screens back into the cache. */
    restoreKeptScreens: () => restoreKeptQueries(queryClient),
  };
}
