/**
 * What others' heavy requests do to everybody else: the latency of /api/health while clients
 * keep sending what costs the server most. Every loop runs on the loopback address and stops
 * when the measurement ends.
 */
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import './autocannon-without-bodies.mjs';
import { SECONDS, type LoadResult } from './load';

type Headers = Record<string, string>;

/** One request a sender repeats, each after the answer to the one before has been read. */
export interface Send {
  url: string;
  init: { method?: string; headers?: Headers; body?: string };
}

/**
 * /api/health with 10 connections for the bench's seconds, while `sends` are repeated in a
 * thread of their own (pressure-senders.mjs), so that only the server's delay is measured.
 */
export async function healthUnder(origin: string, sends: Send[]): Promise<LoadResult> {
  const senders = new Worker(new URL('./pressure-senders.mjs', import.meta.url), {
    workerData: sends,
  });
  const ended = new Promise((resolve, reject) => {
    senders.once('exit', resolve);
    senders.once('error', reject);
  });
  await new Promise((resolve) => senders.once('message', resolve));
  try {
    const result = await autocannon({
      url: `${origin}/api/health`,
      connections: 10,
      duration: SECONDS,
    });
    return {
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: result.non2xx + result.errors + result.timeouts,
    };
  } finally {
    senders.postMessage('stop');
    await ended;
  }
}

/**
 * autocannon's load with `perSession` connections of each session, each session on its own URL
 * (its own contract): the server's own bound is two heavy reads per session at once. The sessions
 * are timed in `threads` threads of their own (sessions-load.mjs), shared out in turn.
 */
export async function underLoadInSessions(
  callers: { url: string; headers: Headers }[],
  perSession: number,
  threads = 1,
) {
  const shares = Array.from({ length: threads }, (_, thread) =>
    callers.filter((_, index) => index % threads === thread),
  );
  const results = (
    await Promise.all(
      shares.map(
        (share) =>
          new Promise<LoadResult[]>((resolve, reject) => {
            const worker = new Worker(new URL('./sessions-load.mjs', import.meta.url), {
              workerData: { callers: share, perSession, seconds: SECONDS },
            });
            worker.once('message', resolve);
            worker.once('error', reject);
          }),
      ),
    )
  ).flat();
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requestsPerSecond, 0),
    p50: Math.max(...results.map((result) => result.p50)),
    p99: Math.max(...results.map((result) => result.p99)),
    failures: results.reduce((sum, result) => sum + result.failures, 0),
  } satisfies LoadResult;
}
