import underPressure from '@fastify/under-pressure';
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
const RETRY_AFTER_SECONDS = 5;

/**
 * A process whose event loop lags answers 503 at once (with retry-after) instead of queueing
 * requests without end, in which every customer waits as long as the slowest request.
 *
 * Not in the first two measurements after the app is ready: the start itself holds the loop
 * (compiling every route's schemas), and on a busy machine for seconds; that lag is over when
 * the first requests come, yet the measurement after it would turn them away for a second.
 */
export async function registerOverloadGuard(app: FastifyInstance, maxEventLoopDelayMs: number) {
  let readyAt = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    readyAt = performance.now();
  });
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    pressureHandler: (_request, reply) => {
      if (performance.now() - readyAt < START_GRACE_MS) return undefined;
      void reply.header('retry-after', RETRY_AFTER_SECONDS);
      return Promise.reject(new Overloaded());
    },
  });
}
