/**
 * What others' heavy requests do to everybody else: the latency of /api/health while clients
 * keep sending what costs the server most. Every loop runs on the loopback address and stops
 * when the measurement ends.
 */
import autocannon from 'autocannon';
import { SECONDS, type LoadResult } from './load';

type Headers = Record<string, string>;

export interface Pressure {
  /** Loops sending requests; each call is one round trip, repeated until the end. */
  loops: (() => Promise<unknown>)[];
}

/** /api/health with 10 connections for the bench's seconds, while the loops run. */
export async function healthUnder(origin: string, pressure: Pressure): Promise<LoadResult> {
  let running = true;
  const loops = pressure.loops.map(async (send) => {
    while (running) await send().catch(() => undefined);
  });
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
    running = false;
    await Promise.all(loops);
  }
}

/** One request that reads its whole answer, so that the next starts only after it. */
export const roundTrip = (url: string, init: RequestInit) => async () => {
  const response = await fetch(url, init);
  await response.arrayBuffer();
};

/** autocannon's load with `perSession` connections of each session: the server's own bound. */
export async function underLoadInSessions(url: string, sessions: Headers[], perSession: number) {
  const results = await Promise.all(
    sessions.map((headers) =>
      autocannon({
        url,
        connections: perSession,
        duration: SECONDS,
        headers: { 'accept-encoding': 'br, gzip', ...headers },
      }),
    ),
  );
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failures: results.reduce(
      (sum, result) => sum + result.non2xx + result.errors + result.timeouts,
      0,
    ),
  } satisfies LoadResult;
}
