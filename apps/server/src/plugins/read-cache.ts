import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

import { acceptedEncoding, COMPRESSION, compressed } from './compression';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The hot reads kept in memory between writes — only where this process is the database's only
 * writer: the embedded PGlite opens its data directory for one process, and a query costs it
 * about half a millisecond however small, so a session check and a customer's data would cap the
 * server at a few hundred answers a second. On a PostgreSQL server other instances write too:
 * there nothing is kept and every call reads the database.
 *
 * Besides the values below, the JSON text of every authenticated GET without a query string is
 * kept per customer and URL, so that a repeat costs neither a query nor a serialization; a route
 * whose GET is no plain read (the session renewal) says `config: { keepAnswer: false }`.
 *
 * A write (any API call but GET and HEAD) forgets what it may have changed before its answer
 * leaves: the customer's entries, or everything when no session names the customer (a login, a
 * password reset). A read that overlapped a write is not kept, and no entry lives longer than
 * MAX_AGE_MS, a bound on any change made outside a request.
 */
export interface ReadCache {
  /** The customer's value under `key`, loaded once and kept until a write may change it. */
  read<T>(customerId: number, key: string, load: () => Promise<T>): Promise<T>;
  /** A session by its token hash, loaded once and kept until a write may end it. */
  session<T extends { customerId: number }>(
    tokenHash: string,
    load: () => Promise<T | undefined>,
  ): Promise<T | undefined>;
  /** Replaces a kept session's value (its renewed expiry), if one is kept. */
  updateSession<T extends { customerId: number }>(tokenHash: string, value: T): void;
}

export const MAX_AGE_MS = 10_000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this GET's answer is never kept (it is no plain read of the customer's data). */
    keepAnswer?: boolean;
  }
}

interface Entry {
  value: unknown;
  storedAt: number;
  customerId: number;
  /** About what it holds in memory. */
  bytes: number;
}

/** What the kept entries may hold at most: some thousands of customers' screens. */
const MAX_KEPT_BYTES = 64 * 2 ** 20;
/** A session, a contract row or a summary. */
const SMALL_ENTRY_BYTES = 2_048;

/** A kept answer's JSON text and, once asked for, its compressed bytes. */
interface KeptAnswer {
  text: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * A kept answer as the compression would have sent it, compressed once: a list of a kilobyte
 * or more cost its compression on every call.
 */
function sendKept(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) {
  reply.type(JSON_TYPE);
  // The compression's own exceptions: a short text, or a client that asks for none.
  const encoding =
    Buffer.byteLength(answer.text) >= COMPRESSION.threshold &&
    request.headers['x-no-compression'] === undefined
      ? acceptedEncoding(request.headers['accept-encoding'])
      : undefined;
  if (!encoding) return reply.send(answer.text);
  answer[encoding] ??= compressed(answer.text, encoding);
  return reply
    .header('vary', 'accept-encoding')
    .header('content-encoding', encoding)
    .send(answer[encoding]);
}

/** The cache with its hooks: the customers' app registers them, and so does the operator app. */
export type SharedReadCache = ReadCache & { register(app: FastifyInstance): void };

export function createReadCache(enabled: boolean): SharedReadCache {
  // Bounded by size, oldest use first out: an entry that is never asked for again (a customer
  // who left) would otherwise stay until the next write without a session.
  const entries = new LRUCache<string, Entry>({
    maxSize: MAX_KEPT_BYTES,
    sizeCalculation: (entry) => entry.bytes,
  });
  let generation = 0;

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && performance.now() - entry.storedAt <= MAX_AGE_MS) return entry;
    if (entry) entries.delete(key);
    return undefined;
  }

  async function cached<T>(
    key: string,
    customerOf: (value: T) => number | undefined,
    load: () => Promise<T>,
  ) {
    if (!enabled) return load();
    const hit = fresh(key);
    if (hit) return hit.value as T;
    const started = generation;
    const value = await load();
    const customerId = customerOf(value);
    if (started === generation && customerId !== undefined) {
      entries.set(key, {
        value,
        storedAt: performance.now(),
        customerId,
        bytes: SMALL_ENTRY_BYTES,
      });
    }
    return value;
  }

  function forget(customerId: number | undefined) {
    generation++;
    if (customerId === undefined) {
      entries.clear();
      return;
    }
    const theirs = [...entries.entries()].filter(([, entry]) => entry.customerId === customerId);
    for (const [key] of theirs) entries.delete(key);
  }

  const beforeWrite = async (request: FastifyRequest) => {
    if (!READS.has(request.method)) generation++;
  };

  /** The generation each keepable GET began in: its answer is kept only if no write came since. */
  const answerStarted = new WeakMap<FastifyRequest, number>();
  const answerKey = (request: FastifyRequest) => {
    const customerId = request.session?.customerId;
    if (
      request.method !== 'GET' ||
      customerId === undefined ||
      request.url.includes('?') ||
      request.routeOptions.config.keepAnswer === false
    )
      return undefined;
    return { key: `answer:${customerId}:${request.url}`, customerId };
  };
  const answerKept = async (request: FastifyRequest, reply: FastifyReply) => {
    const kept = answerKey(request);
    if (!kept) return;
    const hit = fresh(kept.key);
    if (hit) return sendKept(request, reply, hit.value as KeptAnswer);
    answerStarted.set(request, generation);
  };
  const keepAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const started = answerStarted.get(request);
    const kept = answerKey(request);
    if (started !== generation || !kept || reply.statusCode !== 200) return payload;
    if (
      typeof payload !== 'string' ||
      !String(reply.getHeader('content-type')).startsWith(JSON_TYPE.split(';')[0]!)
    )
      return payload;
    entries.set(kept.key, {
      value: { text: payload } satisfies KeptAnswer,
      // The text as UTF-16, and room for its compressed bytes.
      bytes: payload.length * 3,
      storedAt: performance.now(),
      customerId: kept.customerId,
    });
    return payload;
  };
  const afterWrite = async (request: FastifyRequest) => {
    if (!READS.has(request.method)) forget(request.session?.customerId);
  };

  return {
    read: (customerId, key, load) => cached(`${customerId}:${key}`, () => customerId, load),
    session: (tokenHash, load) =>
      cached(`session:${tokenHash}`, (session) => session?.customerId, load),
    updateSession(tokenHash, value) {
      const entry = entries.get(`session:${tokenHash}`);
      if (entry) entry.value = value;
    },
    register(app) {
      if (!enabled) return;
      // A read that began before the write's answer is not kept; what was kept is gone before
      // the customer can ask again (onSend), and again once the answer is out (onResponse, for
      // a write whose client went away).
      app.addHook('onRequest', beforeWrite);
      app.addHook('preHandler', answerKept);
      // Before the compression's onSend (registered after this): the JSON text, not its bytes.
      app.addHook('onSend', keepAnswer);
      app.addHook('onSend', afterWrite);
      app.addHook('onResponse', afterWrite);
    },
  };
}
