import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RequestActivity } from './idle-connections';

/** How long no request may have run before the process counts as quiet. */
const QUIET_MS = 2_000;
/** How often it looks. */
const CHECK_EVERY_MS = 500;
/** How much the heap and the buffers must have grown since the last collection to be worth one. */
const GROWTH_BYTES = 32 * 2 ** 20;

export interface IdleMemoryOptions {
  /** The process's heap and buffers, in bytes. */
  heldBytes?: () => number;
  /** Collects the garbage (V8's full collection). */
  giveBack?: () => void;
  /** The clock the servers' activity is read with. */
  now?: () => number;
}

const heldByV8 = () => {
  const heap = getHeapStatistics();
  return heap.total_heap_size + heap.external_memory;
};

/** V8's full collection, which Node exposes only behind a flag that can be set at run time. */
export function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Gives memory back once a burst of requests is over (each server's activity as
 * lib/idle-connections.ts counts it). V8 collects its old generation when new
 * allocations ask for it, so a busy minute's garbage stays in the heap for as long as nothing
 * happens after it, and Node's platform runs no idle tasks for V8's memory reducer to use: after
 * the bench's loads the heap held 200 MiB, of which 62 were live. So when no request has run for
 * QUIET_MS and the heap and buffers have grown by GROWTH_BYTES since the last time, the process
 * collects once: a pause of some tens of milliseconds that only a request arriving in it waits
 * for. What `free` then gets stays in glibc's arenas for the next `malloc`; glibc's tunables give
 * more of it back without code of ours (docs/architecture.md decision 24, measured with
 * `npm run bench:memory`).
 */
export function giveBackWhenQuiet(
  servers: (() => RequestActivity)[],
  options: IdleMemoryOptions = {},
) {
  const heldBytes = options.heldBytes ?? heldByV8;
  const giveBack = options.giveBack ?? fullCollection();
  const now = options.now ?? (() => performance.now());
  let heldAfterwards = heldBytes();
  const quiet = () =>
    servers.every((activityOf) => {
      const activity = activityOf();
      return activity.running === 0 && now() - activity.lastActive >= QUIET_MS;
    });
  const timer = setInterval(() => {
    if (!quiet()) return;
    if (heldBytes() - heldAfterwards < GROWTH_BYTES) return;
    giveBack();
    heldAfterwards = heldBytes();
  }, CHECK_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
