import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { Messages } from '@kundenportal/contract';
import type { AppConfig } from '../config';
import { HttpError } from '../lib/http-error';
import { hashToken } from '../lib/tokens';
import { batchedByKey } from '../db/batched-reads';
import type { ReadCache } from './read-cache';

export interface RequestSession {
  customerId: number;
  kundennummer: string;
  tokenHash: string;
  token: string;
  /** How often the customer's data had changed when the session was read (plugins/read-cache.ts). */
  answerVersion: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
  }
}

const SESSION_EXPIRED_MESSAGE = Messages.sessionExpired;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * How much of the sliding lifetime may pass before a call writes the renewed expiry. Below it a
 * call only reads, so that the hot path stays free of writes (docs/decisions/009-hot-reads-and-kept-answers.md).
 */
const SESSION_RENEWAL_STEP_SECONDS = 60;

/** A stored session, as the auth module's repo reads it. */
interface StoredSession {
  tokenHash: string;
  customerId: number;
  kundennummer: string;
  expiresAt: Date;
  createdAt: Date;
  answerVersion: string;
}

/** The session queries, handed in by app.ts from the auth module: plugins never import modules/. */
interface SessionStore {
  find(tokenHashes: string[]): Promise<StoredSession[]>;
  renew(input: { tokenHash: string; now: Date; expiresAt: Date }): Promise<void>;
}

export function createSessionGuard(store: SessionStore, config: AppConfig, cache: ReadCache) {
  const findSession = batchedByKey(
    (tokenHashes: string[]) => store.find(tokenHashes),
    (session) => session.tokenHash,
  );

  /**
   * The live session of the request's token, renewed when due; undefined without a token. A
   * session kept in memory (the embedded database) is answered without a promise unless its
   * renewal is due: the guard runs before every authenticated call.
   */
  function resolve(
    request: FastifyRequest,
    reply: FastifyReply,
  ): RequestSession | undefined | Promise<RequestSession | undefined> {
    const token = header(request, 'token');
    if (!token) return undefined;
    const tokenHash = hashToken(token);
    const kept = cache.keptSession<StoredSession>(tokenHash);
    if (kept) return admit(request, reply, token, kept.value);
    return cache
      .session(tokenHash, () => findSession(tokenHash))
      .then((session) => admit(request, reply, token, session));
  }

  function admit(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    session: StoredSession | undefined,
  ): RequestSession | Promise<RequestSession> {
    const now = config.now();
    const kundennummer = header(request, 'kundennummer');
    const live =
      session &&
      session.expiresAt > now &&
      (kundennummer === undefined || kundennummer === session.kundennummer);
    if (!live) throw new HttpError(401, SESSION_EXPIRED_MESSAGE);
    // Sliding, but never past the absolute end: a token that is kept busy still ends.
    const absoluteEnd = session.createdAt.getTime() + config.sessionMaxLifetimeSeconds * 1000;
    const renewedEnd = Math.min(now.getTime() + config.sessionTtlSeconds * 1000, absoluteEnd);
    const remainingMs = session.expiresAt.getTime() - now.getTime();
    if (remainingMs > renewedEnd - now.getTime() - SESSION_RENEWAL_STEP_SECONDS * 1000)
      return open(request, reply, token, session, remainingMs);
    const { tokenHash } = session;
    const expiresAt = new Date(renewedEnd);
    return store.renew({ tokenHash, now, expiresAt }).then(() => {
      cache.updateSession(tokenHash, { ...session, expiresAt });
      return open(request, reply, token, session, renewedEnd - now.getTime());
    });
  }

  function open(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    session: StoredSession,
    remainingMs: number,
  ) {
    // The stored truth, never more: the browser's expiry ends with the server's.
    reply.header('ttl', String(Math.floor(remainingMs / 1000)));
    request.session = {
      customerId: session.customerId,
      kundennummer: session.kundennummer,
      tokenHash: session.tokenHash,
      token,
      answerVersion: session.answerVersion,
    };
    return request.session;
  }

  const refuse = () => new HttpError(401, SESSION_EXPIRED_MESSAGE);

  return {
    resolve,
    /**
     * onRequest hook of the authenticated subtree: no live session, no answer but 401. A callback
     * hook, so that a session kept in memory costs no promise.
     */
    require: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const session = resolve(request, reply);
      if (session === undefined) return done(refuse());
      if (!(session instanceof Promise)) return done();
      session.then((resolved) => done(resolved ? undefined : refuse()), done);
    },
  };
}

export type SessionGuard = ReturnType<typeof createSessionGuard>;

/** For handlers behind the guard, where a session is certain. */
export function sessionOf(request: FastifyRequest): RequestSession {
  if (!request.session) throw new HttpError(401, SESSION_EXPIRED_MESSAGE);
  return request.session;
}
