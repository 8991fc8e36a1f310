import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The hot reads kept in memory between writes — only where this process is the database's only
 * writer: the embedded PGlite opens its data directory for one process, and a query costs it
 * about half a millisecond however small, so a session check and a customer's data would cap the
 * server at a few hundred answers a second. On a PostgreSQL server other instances write too:
 * there nothing is kept and every call reads the database.
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

interface Entry {
  value: unknown;
  storedAt: number;
  customerId: number;
}

export function createReadCache(enabled: boolean): ReadCache & {
  register(app: FastifyInstance): void;
} {
  const entries = new Map<string, Entry>();
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
      entries.set(key, { value, storedAt: performance.now(), customerId });
    }
    return value;
  }

  function forget(customerId: number | undefined) {
    generation++;
    if (customerId === undefined) {
      entries.clear();
      return;
    }
    for (const [key, entry] of entries) if (entry.customerId === customerId) entries.delete(key);
  }

  const beforeWrite = async (request: FastifyRequest) => {
    if (!READS.has(request.method)) generation++;
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
      app.addHook('onSend', afterWrite);
      app.addHook('onResponse', afterWrite);
    },
  };
}
