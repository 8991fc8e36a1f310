/** The tag the service worker's sync handler answers (apps/web/public/ablesungen-sync.js). */
const SYNC_TAG = 'ablesungen-senden';

interface SyncManager {
  register(tag: string): Promise<void>;
}

const hasBackgroundSync = () =>
  'serviceWorker' in navigator &&
  'ServiceWorkerRegistration' in window &&
  'sync' in ServiceWorkerRegistration.prototype;

/**
 * Asks the browser to wake the service worker once the connection is back, also while the tab
 * sleeps in the background. Browsers without Background Sync (Firefox, Safari) send on `online`
 * and at app start instead.
 */
export async function requestBackgroundSync() {
  if (!hasBackgroundSync()) return;
  // Not `ready`: without a service worker (the dev server, a refusing browser) it never settles.
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  const { sync } = registration as ServiceWorkerRegistration & { sync: SyncManager };
  // A refused permission (a site setting) leaves the other ways of sending.
  await sync.register(SYNC_TAG).catch(() => undefined);
}

/**
 * The service worker's sync asks this page to send, since only the page holds the session:
 * `send` sends and answers how many readings still wait, which the worker hears back.
 */
export function answerBackgroundSync(send: () => Promise<number>) {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const [port] = event.ports;
    if ((event.data as { type?: unknown } | null)?.type !== SYNC_TAG || !port) return;
    void send().then(
      (waiting) => port.postMessage(waiting),
      () => port.postMessage(1),
    );
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
