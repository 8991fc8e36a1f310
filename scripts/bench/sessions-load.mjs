/**
 * A share of the sessions of `underLoadInSessions`, timed by autocannon in a thread of its own:
 * reading 50 customers' years (150 kB each) is work for the measuring side too, and one thread
 * measuring them all counted its own queue as the server's latency; autocannon gathers no bodies
 * here (autocannon-without-bodies.mjs), which had cost it three times the server's CPU. Plain
 * JavaScript: a worker thread does not inherit tsx's loader.
 */
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import './autocannon-without-bodies.mjs';

/** @type {{ callers: { url: string, headers: Record<string, string> }[], perSession: number, seconds: number }} */
const { callers, perSession, seconds } = workerData;

const results = await Promise.all(
  callers.map(async ({ url, headers }) => {
    const options = {
      url,
      connections: perSession,
      duration: seconds,
      headers: { 'accept-encoding': 'br, gzip', ...headers },
    };
    // Outside the main thread autocannon leaves its histograms to be aggregated by the caller.
    return autocannon.aggregateResult([await autocannon(options)], options);
  }),
);
parentPort.postMessage(
  results.map((result) => ({
    // The per-second samples stay in the thread that took them: the mean from the totals.
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  })),
);
