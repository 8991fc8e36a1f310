import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Executor } from './client';

/**
 * A series changed in [from, to) (ms since 1970): a contract's consumption, or the exchange
 * prices (which price every contract's hours). `alles` says that changes may have been missed
 * (the listening connection was lost): everything kept must go.
 */
export type SeriesChange =
  | { art: 'verbrauch'; contractId: number; from: number; to: number }
  | { art: 'preise'; from: number; to: number }
  | { art: 'alles' };

type Listener = (change: SeriesChange) => void;

/** The PostgreSQL channel every instance listens on. */
const CHANNEL = 'kundenportal_reihen';
const RECONNECT_MS = 1_000;

/**
 * Tells every instance on one database that a series changed, so that each clears what it
 * keeps of the past (the history's finished months and price days). The writer announces the
 * change inside its transaction (`pg_notify`: delivered at commit, never for a rollback) and,
 * after the commit, to its own process (`published`), so that its next answer is new without
 * waiting for the notification. On the embedded database one process owns the data: there is
 * nothing to notify, `published` is all. One bus per database handle: the customers' and the
 * operator's app of one process share it.
 */
interface SeriesChanges {
  announce(executor: Executor, change: SeriesChange): Promise<void>;
  published(change: SeriesChange): void;
  /** Listens until the answered function is called (on PostgreSQL: one connection of its own). */
  subscribe(listener: Listener): () => Promise<void>;
}

const buses = new WeakMap<Database, SeriesChanges>();

export function seriesChanges(db: Database): SeriesChanges {
  let bus = buses.get(db);
  if (!bus) {
    bus = createBus(db);
    buses.set(db, bus);
  }
  return bus;
}

function createBus(db: Database): SeriesChanges {
  const client: unknown = (db as { $client?: unknown }).$client;
  const pool = client instanceof pg.Pool ? client : undefined;
  const listeners = new Set<Listener>();
  const tell = (change: SeriesChange) => {
    for (const listener of listeners) listener(change);
  };

  let connection: pg.Client | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  let stopped = true;

  async function listen() {
    if (!pool || stopped) return;
    const next = new pg.Client(pool.options);
    const lost = () => {
      if (connection !== next) return;
      connection = undefined;
      void next.end().catch(() => undefined);
      if (!stopped) reconnect = setTimeout(() => void listen(), RECONNECT_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      tell(JSON.parse(message.payload) as SeriesChange);
    });
    connection = next;
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      // Whatever changed while nobody listened (at the first start: nothing is kept yet).
      tell({ art: 'alles' });
    } catch {
      lost();
    }
  }

  return {
    async announce(executor, change) {
      if (pool)
        await executor.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(change)})`);
    },
    published: tell,
    subscribe(listener) {
      listeners.add(listener);
      if (pool && stopped) {
        stopped = false;
        void listen();
      }
      return async () => {
        listeners.delete(listener);
        if (listeners.size > 0 || stopped) return;
        stopped = true;
        clearTimeout(reconnect);
        const open = connection;
        connection = undefined;
        await open?.end().catch(() => undefined);
      };
    },
  };
}
