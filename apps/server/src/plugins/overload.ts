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

/**
 * A process whose event loop lags answers 503 at once (with retry-after) instead of queueing
 * requests without end, in which every customer waits as long as the slowest request.
 */
export async function registerOverloadGuard(app: FastifyInstance, maxEventLoopDelayMs: number) {
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    retryAfter: 5,
    customError: Overloaded,
  });
}
