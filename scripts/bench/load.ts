/** Throughput and latency under load (autocannon), and latency of one caller at a time. */
import autocannon from 'autocannon';
import './autocannon-without-bodies.mjs';

export const CONNECTIONS = 50;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

type Headers = Record<string, string>;

/**
 * autocannon's load on `url`: every request with `headers`, or, given a list, the requests taking
 * their turns through it (many customers at once, each in a session of their own).
 */
export async function underLoad(url: string, headers: Headers | Headers[] = {}) {
  const rotation = Array.isArray(headers) ? headers : undefined;
  const shared = Array.isArray(headers) ? {} : headers;
  let sent = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'accept-encoding': 'br, gzip', ...shared },
    ...(rotation && {
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, ...rotation[sent++ % rotation.length] },
          }),
        },
      ],
    }),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  } satisfies LoadResult;
}

/** Median and p95 in ms of `runs` calls one after the other, after a few to warm up. */
export async function oneAtATime(url: string, headers: Record<string, string>, runs: number) {
  const call = async () => {
    const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip', ...headers } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  };
  for (let i = 0; i < 5; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}
