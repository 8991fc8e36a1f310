import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { Messages } from '@kundenportal/contract';
import { HttpError } from '../lib/http-error';

/** The event loop's mean delay over a second past which new requests are turned away. */
export const DEFAULT_MAX_EVENT_LOOP_DELAY_MS = 3000;

/** Goes through the error handler like every refusal: spec §8.1's text, never internals. */
class Overloaded extends HttpError {
  constructor() {
    super(503, Messages.unexpectedTechnicalError);
  }
}

/** The guard measures the lag once a second; this many seconds after the start are not judged. */
const START_GRACE_MS = 2_000;
const MEASURE_EVERY_MS = 1_000;
/** How often Node samples the loop's delay between two measurements. */
const SAMPLE_EVERY_MS = 10;
const RETRY_AFTER_SECONDS = 5;

/**
 * A process whose event loop lags answers 503 at once (with retry-after) instead of queueing
 * requests without end, in which every customer waits as long as the slowest request. The lag
 * is the mean delay of Node's samples of the loop over the last second; where the loop was held
 * past the whole second there is no sample, and the lag is how long the measurement itself came
 * late. @fastify/under-pressure counted no sample as an endless lag: a stall of one second
 * turned every request away for the next (in a CI run, the scripts of a screen, whose page then
 * showed the 503's JSON), though the limit is three.
 *
 * Not in the first two measurements after the app is ready: the start itself holds the loop
 * (compiling every route's schemas), and on a busy machine for seconds; that lag is over when
 * the first requests come, yet the measurement after it would turn them away for a second.
 * 0 turns the guard off (the tests' servers, which seed on the same loop).
 */
export function registerOverloadGuard(app: FastifyInstance, maxEventLoopDelayMs: number) {
  if (maxEventLoopDelayMs <= 0) return;
  const samples = monitorEventLoopDelay({ resolution: SAMPLE_EVERY_MS });
  let readyAt = Number.POSITIVE_INFINITY;
  let lagMs = 0;
  let measuring: NodeJS.Timeout | undefined;
  app.addHook('onReady', (done) => {
    readyAt = performance.now();
    samples.enable();
    let measuredAt = readyAt;
    measuring = setInterval(() => {
      const now = performance.now();
      const heldMs = now - measuredAt - MEASURE_EVERY_MS;
      measuredAt = now;
      const meanMs = samples.mean / 1e6 - SAMPLE_EVERY_MS;
      samples.reset();
      lagMs = Math.max(0, Number.isNaN(meanMs) ? heldMs : meanMs);
    }, MEASURE_EVERY_MS);
    measuring.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(measuring);
    samples.disable();
    done();
  });
  // A callback hook: no promise per request.
  app.addHook('onRequest', (_request, reply, done) => {
    if (lagMs <= maxEventLoopDelayMs || performance.now() - readyAt < START_GRACE_MS) return done();
    void reply.header('retry-after', RETRY_AFTER_SECONDS);
    done(new Overloaded());
  });
}
