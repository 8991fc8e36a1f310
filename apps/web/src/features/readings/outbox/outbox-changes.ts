/** Who listens to changes of the waiting readings: the list, and the queries of sent contracts. */
type Listener = (sentTo: number[]) => void;

const listeners = new Set<Listener>();

const notify = (sentTo: number[]) => {
  for (const listener of listeners) listener(sentTo);
};

/** The other tabs of the portal share the device's store: they hear of each change too. */
const otherTabs =
  typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('wartende-ablesungen');
otherTabs?.addEventListener('message', (event: MessageEvent<number[]>) => notify(event.data));

export function onOutboxChange(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A reading was kept, deleted, refused or sent (to the contracts in `sentTo`). */
export function outboxChanged(sentTo: number[] = []) {
  notify(sentTo);
  otherTabs?.postMessage(sentTo);
}
