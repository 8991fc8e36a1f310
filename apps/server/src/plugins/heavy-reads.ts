import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';
import { sessionOf } from './session';

/** Histories and price series in flight per session at once. */
export const MAX_HEAVY_READS_PER_SESSION = 2;

export const TOO_MANY_HEAVY_READS_MESSAGE =
  'Es werden bereits zwei Auswertungen für Sie berechnet. Bitte warten Sie, bis diese fertig sind, und versuchen Sie es dann erneut.';

/**
 * A route hook (behind the session guard) for the reads that compute much: at most two at once
 * per session, a third gets 429 at once rather than a place in a queue that one customer could
 * fill for everybody. A read counts until its answer is sent or its client goes away.
 */
export function createHeavyReadLimit(max = MAX_HEAVY_READS_PER_SESSION) {
  const inFlight = new Map<string, number>();
  return async function limitHeavyReads(request: FastifyRequest, reply: FastifyReply) {
    const key = sessionOf(request).tokenHash;
    const running = inFlight.get(key) ?? 0;
    if (running >= max) throw new HttpError(429, TOO_MANY_HEAVY_READS_MESSAGE);
    inFlight.set(key, running + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left > 0) inFlight.set(key, left);
      else inFlight.delete(key);
    };
    // The answer's 'close' comes once it is sent, or once its client went away.
    reply.raw.once('close', release);
  };
}

export type HeavyReadLimit = ReturnType<typeof createHeavyReadLimit>;
