import type { FastifyReply, FastifyRequest } from 'fastify';
import { Messages } from '@kundenportal/contract';
import type { AppConfig } from '../config';
import { HttpError } from '../lib/http-error';
import { hashToken } from '../lib/tokens';
import { batchedByKey } from '../db/batched-reads';
import type { CustomerWithContractIds } from '../db/customer-rows';
import type { ReadCache } from './read-cache';

export interface RequestSession {
  customerId: number;
  kundennummer: string;
  tokenHash: string;
  token: string;
  /** The customer as read with the session, in the same query. */
  customer: CustomerWithContractIds;
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
 * call only reads, so that the hot path stays free of writes (docs/architecture.md, hot reads).
 */
const SESSION_RENEWAL_STEP_SECONDS = 60;

/** A stored session with its customer, as the auth module's repo reads it. */
interface StoredSession extends CustomerWithContractIds {
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

  /** The live session of the request's token, renewed when due; undefined without a token. */
  async function resolve(request: FastifyRequest, reply: FastifyReply) {
    const token = header(request, 'token');
    if (!token) return undefined;
    const tokenHash = hashToken(token);
    const now = config.now();
    const session = await cache.session(tokenHash, () => findSession(tokenHash));
    const kundennummer = header(request, 'kundennummer');
    const live =
      session &&
      session.expiresAt > now &&
      (kundennummer === undefined || kundennummer === session.kundennummer);
    if (!live) throw new HttpError(401, SESSION_EXPIRED_MESSAGE);
    // Sliding, but never past the absolute end: a token that is kept busy still ends.
    const absoluteEnd = session.createdAt.getTime() + config.sessionMaxLifetimeSeconds * 1000;
    const renewedEnd = Math.min(now.getTime() + config.sessionTtlSeconds * 1000, absoluteEnd);
    let remainingMs = session.expiresAt.getTime() - now.getTime();
    if (remainingMs <= renewedEnd - now.getTime() - SESSION_RENEWAL_STEP_SECONDS * 1000) {
      const expiresAt = new Date(renewedEnd);
      await store.renew({ tokenHash, now, expiresAt });
      cache.updateSession(tokenHash, { ...session, expiresAt });
      remainingMs = renewedEnd - now.getTime();
    }
    // The stored truth, never more: the browser's expiry ends with the server's.
    reply.header('ttl', String(Math.floor(remainingMs / 1000)));
    request.session = {
      customerId: session.customerId,
      kundennummer: session.kundennummer,
      tokenHash,
      token,
      customer: { customer: session.customer, contractIds: session.contractIds },
      answerVersion: session.answerVersion,
    };
    return request.session;
  }

  return {
    resolve,
    /** onRequest hook of the authenticated subtree: no live session, no answer but 401. */
    require: async (request: FastifyRequest, reply: FastifyReply) => {
      const session = await resolve(request, reply);
      if (!session) throw new HttpError(401, SESSION_EXPIRED_MESSAGE);
    },
  };
}

export type SessionGuard = ReturnType<typeof createSessionGuard>;

/** For handlers behind the guard, where a session is certain. */
export function sessionOf(request: FastifyRequest): RequestSession {
  if (!request.session) throw new HttpError(401, SESSION_EXPIRED_MESSAGE);
  return request.session;
}
