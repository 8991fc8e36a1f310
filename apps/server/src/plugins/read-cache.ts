import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

import { acceptedEncoding, COMPRESSION, compressed } from './compression';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Reads kept in memory between writes.
 *
 * The JSON text of every authenticated GET without a query string is kept per customer and URL,
 * so that a repeat costs neither a query nor a serialization; a route whose GET is no plain read
 * (the session renewal) says `config: { keepAnswer: false }`, and one whose query only narrows
 * a read says `keepAnswer: 'withQuery'` (the price series). Other queries are never kept: a query
 * may carry what a customer typed (the plausibility check's readings), each a new entry.
 *
 * On the embedded database this process is the only writer (PGlite opens its data directory for
 * one process), and a query costs it about half a millisecond however small: there the session
 * is kept too. A write (any API call but GET and HEAD)
 * forgets what it may have changed before its answer leaves: the customer's entries, or
 * everything when no session names the customer (a login, a password reset). A read that
 * overlapped a write is not kept.
 *
 * On a PostgreSQL server other instances write too. There every call still reads its session
 * from the database, so that a logout anywhere counts at once, and the session's query brings the
 * customer's answer version (db/answer-versions.ts): a write counts its change there after its
 * commit and before its answer leaves, and a kept answer is sent only to a session that read the
 * version it was kept under. So no instance sends an answer older than a write that was answered.
 *
 * No entry lives longer than MAX_AGE_MS, a bound on any change made outside a request.
 */
export interface ReadCache {
  /**
   * The session's customer's value under `key`, loaded once and kept until a write may change it
   * (on PostgreSQL: under the answer version the session was read with).
   */
  read<T>(session: VersionedOwner, key: string, load: () => Promise<T>): Promise<T>;
  /** What `read` keeps under `key` now, without waiting: for a hook that answers from memory. */
  kept<T>(session: VersionedOwner, key: string): { value: T } | undefined;
  /** A session by its token hash, loaded once and kept until a write may end it. */
  session<T extends { customerId: number }>(
    tokenHash: string,
    load: () => Promise<T | undefined>,
  ): Promise<T | undefined>;
  /** A session kept now (on the embedded database), without waiting. */
  keptSession<T extends { customerId: number }>(tokenHash: string): { value: T } | undefined;
  /** Replaces a kept session's value (its renewed expiry), if one is kept. */
  updateSession<T extends { customerId: number }>(tokenHash: string, value: T): void;
}

/** Whose a kept value is, and the answer version their session was read with. */
interface VersionedOwner {
  customerId: number;
  answerVersion: string;
}

export const MAX_AGE_MS = 10_000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: this GET's answer is never kept (it is no plain read of the customer's data).
     * 'withQuery': kept per query string too, for a read whose query only narrows what it shows
     * (the price series' window), so that a screen's repeat finds it.
     */
    keepAnswer?: boolean | 'withQuery';
    /**
     * false: this write changes nothing a kept answer holds (a login writes a session and its
     * audit only), so other instances need not count it. This process still forgets, for the
     * sessions it keeps on the embedded database.
     */
    changesAnswers?: boolean;
  }
}

interface Entry {
  value: unknown;
  storedAt: number;
  customerId: number;
  /** A kept answer's: the customer's answer version it was read under (PostgreSQL). */
  version?: string;
  /** About what it holds in memory. */
  bytes: number;
}

/** What the kept entries may hold at most: some thousands of customers' screens. */
const MAX_KEPT_BYTES = 64 * 2 ** 20;
/** A session, a contract row or a summary. */
const SMALL_ENTRY_BYTES = 2_048;

/** A kept answer's JSON text and, once asked for, its bytes as sent: plain or compressed. */
interface KeptAnswer {
  text: string;
  utf8?: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * A kept answer as the compression would have sent it, compressed once: a list of a kilobyte
 * or more cost its compression on every call.
 */
function sendKept(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) {
  reply.type(JSON_TYPE);
  // The text's UTF-8 bytes, encoded once: a string is encoded again on every write.
  const utf8 = (answer.utf8 ??= Buffer.from(answer.text));
  // The compression's own exceptions: a short text, or a client that asks for none.
  const encoding =
    utf8.length >= COMPRESSION.threshold && request.headers['x-no-compression'] === undefined
      ? acceptedEncoding(request.headers['accept-encoding'])
      : undefined;
  if (!encoding) return reply.send(utf8);
  answer[encoding] ??= compressed(answer.text, encoding);
  return reply
    .header('vary', 'accept-encoding')
    .header('content-encoding', encoding)
    .send(answer[encoding]);
}

/** The cache with its hooks: the customers' app registers them, and so does the operator app. */
export type SharedReadCache = ReadCache & { register(app: FastifyInstance): void };

/** A database that other instances write too: where a change is counted for all of them. */
export interface SharedDatabase {
  countChange(customerId: number | undefined): Promise<void>;
}

/** Without a shared database: everything is kept, as this process sees every write. */
export function createReadCache(shared?: SharedDatabase): SharedReadCache {
  const keepsReads = shared === undefined;
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

  function keptValue<T>(key: string, version?: string): { value: T } | undefined {
    const hit = fresh(key);
    return hit && hit.version === version ? { value: hit.value as T } : undefined;
  }

  async function cached<T>(
    key: string,
    customerOf: (value: T) => number | undefined,
    load: () => Promise<T>,
    version?: string,
  ) {
    const hit = keptValue<T>(key, version);
    if (hit) return hit.value;
    const started = generation;
    const value = await load();
    const customerId = customerOf(value);
    if (started === generation && customerId !== undefined) {
      entries.set(key, {
        value,
        storedAt: performance.now(),
        customerId,
        version,
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

  // The hooks that have nothing to wait for are callback hooks: no promise per request.
  const beforeWrite = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    if (!READS.has(request.method)) generation++;
    done();
  };

  /** The generation each keepable GET began in: its answer is kept only if no write came since. */
  const answerStarted = new WeakMap<FastifyRequest, number>();
  const answerKey = (request: FastifyRequest) => {
    const session = request.session;
    if (
      request.method !== 'GET' ||
      !session ||
      request.routeOptions.config.keepAnswer === false ||
      (request.url.includes('?') && request.routeOptions.config.keepAnswer !== 'withQuery')
    )
      return undefined;
    return {
      key: `answer:${session.customerId}:${request.url}`,
      customerId: session.customerId,
      // Read with the session, before the answer's own reads.
      version: shared ? session.answerVersion : undefined,
    };
  };
  const answerKept = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const kept = answerKey(request);
    const hit = kept && keptValue<KeptAnswer>(kept.key, kept.version);
    // A kept answer is sent from here, and the hook does not go on (Fastify's early answer).
    if (hit) return void sendKept(request, reply, hit.value);
    if (kept) answerStarted.set(request, generation);
    done();
  };
  const keepAnswer = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ) => {
    const started = answerStarted.get(request);
    const kept = answerKey(request);
    if (
      started === generation &&
      kept &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      String(reply.getHeader('content-type')).startsWith(JSON_TYPE.split(';')[0]!)
    )
      keep(kept, payload);
    done(null, payload);
  };
  const keep = (kept: NonNullable<ReturnType<typeof answerKey>>, payload: string) =>
    entries.set(kept.key, {
      value: { text: payload } satisfies KeptAnswer,
      // The text as UTF-16, its UTF-8 bytes, and room for its compressed bytes.
      bytes: payload.length * 4,
      storedAt: performance.now(),
      customerId: kept.customerId,
      version: kept.version,
    });
  const counted = new WeakSet<FastifyRequest>();
  const afterWrite = async (request: FastifyRequest, reply: FastifyReply) => {
    const customerId = request.session?.customerId;
    forget(customerId);
    // A refused write changed nothing (it is refused before writing); nor did one that says so.
    if (
      !shared ||
      counted.has(request) ||
      reply.statusCode >= 400 ||
      request.routeOptions.config.changesAnswers === false
    )
      return;
    counted.add(request);
    // The write is committed and answered either way: a failed count leaves other instances'
    // answers at most MAX_AGE_MS old.
    await shared
      .countChange(customerId)
      .catch((error: unknown) =>
        request.log.error({ err: error }, 'Änderung für die gehaltenen Antworten nicht gezählt'),
      );
  };

  return {
    read: ({ customerId, answerVersion }, key, load) =>
      cached(`${customerId}:${key}`, () => customerId, load, shared ? answerVersion : undefined),
    kept: ({ customerId, answerVersion }, key) =>
      keptValue(`${customerId}:${key}`, shared ? answerVersion : undefined),
    session: (tokenHash, load) =>
      keepsReads ? cached(`session:${tokenHash}`, (session) => session?.customerId, load) : load(),
    keptSession: (tokenHash) => (keepsReads ? keptValue(`session:${tokenHash}`) : undefined),
    updateSession(tokenHash, value) {
      const entry = entries.get(`session:${tokenHash}`);
      if (entry) entry.value = value;
    },
    register(app) {
      // A read that began before the write's answer is not kept; what was kept is gone before
      // the customer can ask again (onSend), and again once the answer is out (onResponse, for
      // a write whose client went away).
      app.addHook('onRequest', beforeWrite);
      app.addHook('preHandler', answerKept);
      // Before the compression's onSend (registered after this): the JSON text, not its bytes.
      app.addHook('onSend', keepAnswer);
      app.addHook('onSend', (request, reply, payload, done) => {
        if (READS.has(request.method)) return done(null, payload);
        afterWrite(request, reply).then(() => done(null, payload), done);
      });
      app.addHook('onResponse', (request, reply, done) => {
        if (READS.has(request.method)) return done();
        afterWrite(request, reply).then(() => done(), done);
      });
    },
  };
}
