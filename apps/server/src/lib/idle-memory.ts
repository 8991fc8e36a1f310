import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import koffi from 'koffi';
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
  /** Collects the garbage and gives the freed pages back to the system. */
  giveBack?: () => void;
  /** The clock the servers' activity is read with. */
  now?: () => number;
  /** Whether the default giveBack trims glibc's arenas after the collection. */
  trimMalloc?: boolean;
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

/** glibc's C library, where the process runs on it; elsewhere (musl, macOS) undefined. */
function glibc() {
  try {
    return koffi.load('libc.so.6');
  } catch {
    return undefined;
  }
}

/**
 * glibc's malloc_trim: the freed buffers' pages back to the system. glibc keeps what `free` got
 * in its arenas for the next `malloc`, so the bodies and compressions of a busy minute stayed
 * resident for good (99 MiB of its main heap after the bench's loads, 27 after a trim). Elsewhere
 * (musl, macOS) there is nothing to call.
 */
export function mallocTrim(): (() => void) | undefined {
  const trim = glibc()?.func('int malloc_trim(size_t pad)') as
    ((pad: number) => number) | undefined;
  return trim && (() => void trim(0));
}

/** mallopt's parameters, from glibc's malloc.h. */
const M_TRIM_THRESHOLD = -1;
const M_MMAP_THRESHOLD = -3;
/** Blocks this large are mapped and unmapped of their own; an arena's free top above it goes back. */
const MALLOC_THRESHOLD_BYTES = 2 ** 20;

/**
 * Fixed malloc thresholds instead of glibc's moving ones. glibc raises its mmap threshold to the
 * size of each large block freed (up to 32 MiB) and its trim threshold to twice that, so after
 * the first large body (a photo of 14 MB) every arena kept up to 28 MiB of free memory at its
 * top. malloc_trim gives that back only for the main thread's arena, not for the arenas of the
 * threads that compress, parse and collect: after the bench's loads they held 97 MiB, and 10
 * MiB with fixed thresholds. In alternating bench runs the process kept 292 and 307 MiB after
 * the loads against 380 and 407, and answered the GETs no slower (12,900 a second on average
 * against 11,700). Setting the thresholds is what turns the raising off.
 * Returns whether glibc took both.
 */
export function fixMallocThresholds(): boolean {
  const mallopt = glibc()?.func('int mallopt(int param, int value)') as
    ((param: number, value: number) => number) | undefined;
  if (!mallopt) return false;
  return (
    mallopt(M_MMAP_THRESHOLD, MALLOC_THRESHOLD_BYTES) === 1 &&
    mallopt(M_TRIM_THRESHOLD, MALLOC_THRESHOLD_BYTES) === 1
  );
}

/** A full collection, then the trim of what it freed. */
function collectAndTrim(trimMalloc: boolean): () => void {
  const collect = fullCollection();
  const trim = trimMalloc ? mallocTrim() : undefined;
  return () => {
    collect();
    trim?.();
  };
}

/**
 * Gives memory back once a burst of requests is over (each server's activity as
 * lib/idle-connections.ts counts it). V8 collects its old generation when new
 * allocations ask for it, so a busy minute's garbage stays in the heap for as long as nothing
 * happens after it, and Node's platform runs no idle tasks for V8's memory reducer to use: after
 * the bench's loads the heap held 200 MiB, of which 62 were live. So when no request has run for
 * QUIET_MS and the heap and buffers have grown by GROWTH_BYTES since the last time, the process
 * collects once and trims malloc's arenas: a pause of some tens of milliseconds that only a
 * request arriving in it waits for.
 */
export function giveBackWhenQuiet(
  servers: (() => RequestActivity)[],
  options: IdleMemoryOptions = {},
) {
  const heldBytes = options.heldBytes ?? heldByV8;
  const giveBack = options.giveBack ?? collectAndTrim(options.trimMalloc ?? false);
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
