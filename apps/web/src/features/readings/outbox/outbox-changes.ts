/** Who listens to changes of the waiting readings: the list, and the queries of sent contracts. */
type Listener = (sentTo: number[]) => void;

const listeners = new Set<Listener>();

export function onOutboxChange(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A reading was kept, deleted, refused or sent (to the contracts in `sentTo`). */
export function outboxChanged(sentTo: number[] = []) {
  for (const listener of listeners) listener(sentTo);
}
