import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema/index';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories take either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface DatabaseHandle {
  db: Database;
  migrate(): Promise<void>;
  /**
   * Runs the work while no other server instance runs its own: migrations and demo data at a
   * start, where two replicas starting at once would create the same tables twice.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The embedded database itself (PGlite only): its COPY writes to a blob (the move). */
  embedded?: PGlite;
}

/** How busy the database access is, for the metrics (plugins/metrics.ts). */
export interface DatabaseLoad {
  /** PostgreSQL: the pool's connections, open and idle. */
  connections?: { open: number; idle: number };
  /**
   * Queries waiting: for PostgreSQL the requests waiting for a pooled connection; for PGlite,
   * which runs one query or transaction at a time, those issued and not yet started.
   */
  waiting: number;
}

const loads = new WeakMap<object, () => DatabaseLoad>();

/** The load of a database opened by `openDatabase`; none for one opened elsewhere. */
export const databaseLoad = (db: Database): DatabaseLoad | undefined => loads.get(db)?.();

/** The advisory lock key of the start-up work (any fixed number; "KP" "start"). */
const STARTUP_LOCK = 4_242_000_001;

/**
 * PGlite's Postgres keeps its page cache (shared_buffers) in the WebAssembly memory, resident
 * from the start and never given back; initdb's 128 MB were a fifth of the server's memory. Its
 * files are read through the system's file cache (or from memory without a data directory), so
 * a page it does not keep is a read call away, not a disk access. 16 MB keep what the calls use
 * again and again (all tables and indexes of the bench's 5000 synthetic customers are 21 MB):
 * the bench measured no call slower and 120 MiB less resident memory.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * A pool that survives its server going away. A client that loses its connection while
 * checked out goes back to the pool at once (which drops it) and its later release is a no-op:
 * drizzle does not release a client whose BEGIN failed, and such clients would otherwise fill
 * the pool until no request gets one. Every client has an error listener, so that a lost
 * connection during a transaction is an error of that request, not an uncaught 'error' event
 * that ends the process.
 */
class ResilientPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    // pg's own pool.query() checks out with a callback and guards the client itself.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const onError = (error: Error) => giveBack(error);
      const giveBack = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', onError);
        release(error);
      };
      client.on('error', onError);
      client.release = giveBack;
      return client;
    });
  }
}

/**
 * PostgreSQL server when a URL is given; otherwise embedded PGlite (in memory without a dir),
 * filled from a data directory's tarball (PGlite's `dumpDataDir`: a backup's, or the tests' migrated
 * database) when `loadDataDir` is given.
 */
export function openDatabase(options: {
  url?: string;
  dataDir?: string;
  loadDataDir?: Blob;
}): DatabaseHandle {
  if (options.url) {
    const pool = new ResilientPool({
      connectionString: options.url,
      max: 10,
      // A server that does not answer: the request fails (503) instead of waiting for ever.
      connectionTimeoutMillis: 5_000,
    });
    // An idle client that loses its connection (a restart of the server) must not end the
    // process; the pool replaces it on the next query.
    pool.on('error', (error) => console.error('PostgreSQL: idle connection lost', error.message));
    const db = drizzlePg(pool, { schema });
    loads.set(db, () => ({
      connections: { open: pool.totalCount, idle: pool.idleCount },
      waiting: pool.waitingCount,
    }));
    return {
      db,
      migrate: () => migratePg(db, { migrationsFolder }),
      async exclusive(work) {
        // A session lock on a connection of its own, held while the work uses the pool.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const lock = options.dataDir ? lockDataDir(options.dataDir) : undefined;
  const client = new PGlite({
    dataDir: options.dataDir,
    startParams: PGLITE_START_PARAMS,
    ...(options.loadDataDir && { loadDataDir: options.loadDataDir }),
  });
  const db = drizzlePglite(client, { schema });
  const inFlight = countCallsInFlight(client);
  loads.set(db, () => ({ waiting: Math.max(0, inFlight.count - 1) }));
  return {
    db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One process owns the directory: there is no other instance to wait for.
    exclusive: (work) => work(),
    async close() {
      await client.close();
      lock?.release();
    },
    embedded: client,
  };
}

/**
 * Counts PGlite's calls from their start to their answer. PGlite runs one query or transaction
 * at a time and keeps its queue private: all in flight but the running one wait. drizzle calls
 * `query` and `transaction`; the counting costs two additions per call.
 */
function countCallsInFlight(client: PGlite) {
  const inFlight = { count: 0 };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const counted = async <T>(call: () => Promise<T>): Promise<T> => {
    inFlight.count++;
    try {
      return await call();
    } finally {
      inFlight.count--;
    }
  };
  client.query = ((...args: Parameters<PGlite['query']>) =>
    counted(() => query(...args))) as PGlite['query'];
  client.transaction = ((...args: Parameters<PGlite['transaction']>) =>
    counted(() => transaction(...args))) as PGlite['transaction'];
  return inFlight;
}
