import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories take either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface DatabaseHandle {
  db: Database;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

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

/** PostgreSQL server when a URL is given; otherwise embedded PGlite (in memory without a dir). */
export function openDatabase(options: { url?: string; dataDir?: string }): DatabaseHandle {
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
    return {
      db,
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
