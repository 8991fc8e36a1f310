import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';
import { JSON_BODY_LIMIT_BYTES } from './request-bodies';
import { sessionOf } from './session';

/** Histories and price series in flight per session at once. */
const MAX_HEAVY_READS_PER_SESSION = 2;

export const TOO_MANY_HEAVY_READS_MESSAGE =
  'Es werden bereits zwei Auswertungen für Sie berechnet. Bitte warten Sie, bis diese fertig sind, und versuchen Sie es dann erneut.';
const PHOTO_UPLOAD_RUNNING_MESSAGE =
  'Es wird bereits ein Foto von Ihnen übertragen. Bitte warten Sie, bis es angekommen ist, und versuchen Sie es dann erneut.';

/**
 * A route hook (behind the session guard) for requests that cost much: at most `max` at once
 * per session, one more gets 429 at once rather than a place in a queue that one customer could
 * fill for everybody. A request counts until its answer is sent or its client goes away.
 */
function createSessionInFlightLimit(
  max: number,
  message: string,
  applies: (request: FastifyRequest) => boolean = () => true,
) {
  const inFlight = new Map<string, number>();
  return async function limitInFlight(request: FastifyRequest, reply: FastifyReply) {
    // A client that went away while the hooks before this one were at work (reading the
    // session): its answer's 'close' has come already and would not come again to free the place.
    if (!applies(request) || reply.raw.closed) return;
    const key = sessionOf(request).tokenHash;
    const running = inFlight.get(key) ?? 0;
    if (running >= max) throw new HttpError(429, message);
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

export const createHeavyReadLimit = (max = MAX_HEAVY_READS_PER_SESSION) =>
  createSessionInFlightLimit(max, TOO_MANY_HEAVY_READS_MESSAGE);

/**
 * One photo upload per session at once: reading, parsing and checking 15 MB of JSON holds the
 * event loop some 50 ms, so parallel uploads of one customer would hold it for everybody. Only
 * bodies larger than any JSON call takes count; a reading without a photo is never held up.
 */
export const createPhotoUploadLimit = () =>
  createSessionInFlightLimit(1, PHOTO_UPLOAD_RUNNING_MESSAGE, (request) => {
    const length = Number(request.headers['content-length']);
    return !Number.isFinite(length) || length > JSON_BODY_LIMIT_BYTES;
  });

export type SessionInFlightLimit = ReturnType<typeof createSessionInFlightLimit>;
export type HeavyReadLimit = SessionInFlightLimit;
