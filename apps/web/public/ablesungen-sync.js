/* global self */
/**
 * Background Sync for the waiting readings, imported into the generated service
 * worker (vite.config.ts, workbox.importScripts). The worker holds no session: it asks the open
 * pages of the portal to send, and each page sends with its own session, for its own customer
 * only (docs/decisions/021-background-sync-asks-the-open-pages.md). The tag is the one the page registers
 * (apps/web/src/features/readings/outbox/background-sync.ts).
 */
const SYNC_TAG = 'ablesungen-senden';
/** Longer than a slow phone needs to send a few readings with photos. */
const ANSWER_WAIT_MS = 60000;

/**
 * A page's answer: how many of its customer's readings still wait to be sent (not refused). No
 * answer in time counts as one waiting.
 */
function askToSend(page) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(1), ANSWER_WAIT_MS);
    channel.port1.onmessage = (message) => {
      clearTimeout(timer);
      resolve(typeof message.data === 'number' ? message.data : 1);
    };
    page.postMessage({ type: SYNC_TAG }, [channel.port2]);
  });
}

/**
 * Without an open page there is no session to send with: the next app start sends. A reading
 * that still waits fails the sync, so that the browser tries again later.
 */
async function sendThroughOpenPages() {
  const pages = await self.clients.matchAll({ type: 'window' });
  const waiting = await Promise.all(pages.map(askToSend));
  if (waiting.some((count) => count > 0)) throw new Error('Ablesungen warten noch.');
}

self.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(sendThroughOpenPages());
});
