import { sql } from 'drizzle-orm';
import { databaseLoad, type Database } from '../../db/client';

export const ReadinessMessages = {
  starting: 'Der Dienst startet gerade. Bitte versuchen Sie es in wenigen Sekunden erneut.',
  stopping: 'Der Dienst wird gerade beendet. Bitte versuchen Sie es in wenigen Sekunden erneut.',
  database: 'Die Datenbank antwortet nicht. Bitte versuchen Sie es später erneut.',
  busy: 'Die Datenbank ist gerade ausgelastet. Bitte versuchen Sie es in wenigen Sekunden erneut.',
} as const;

/** The database check's answer is reused this long: /api/ready cannot hammer the database. */
const CHECK_REUSED_MS = 1_000;
/** A database slower than this to answer `select 1` counts as unreachable. */
const CHECK_TIMEOUT_MS = 1_000;
/**
 * Queries waiting for the database (db/client.ts, `databaseLoad`) past which the instance is
 * busy: a load balancer sends new customers elsewhere, rather than behind a queue that grows.
 */
const MAX_WAITING_QUERIES = 100;

/**
 * Whether this instance should get traffic: not once shutdown began (main.ts), not while its
 * database has a long queue (answered at once, without a query that would wait in it), and not
 * while its database does not answer. Start-up (migrations) is answered by the listener that runs
 * before the app (starting-listener.ts).
 */
export function createReadiness(db: Database) {
  let stopping = false;
  let last: { at: number; reachable: Promise<boolean> } | undefined;

  function databaseReachable(): Promise<boolean> {
    if (last && Date.now() - last.at < CHECK_REUSED_MS) return last.reachable;
    let timer: NodeJS.Timeout | undefined;
    const reachable = Promise.race([
      db.execute(sql`select 1`).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
      }),
    ])
      .catch(() => false)
      .finally(() => {
        clearTimeout(timer);
        // Reused from its answer on, not from its question.
        if (last?.reachable === reachable) last.at = Date.now();
      });
    last = { at: Date.now(), reachable };
    return reachable;
  }

  return {
    /** From now on the instance is not ready (SIGTERM): load balancers take it out. */
    stop() {
      stopping = true;
    },
    /** Undefined when ready, else the German reason. */
    async refusal(): Promise<string | undefined> {
      if (stopping) return ReadinessMessages.stopping;
      if ((databaseLoad(db)?.waiting ?? 0) > MAX_WAITING_QUERIES) return ReadinessMessages.busy;
      if (!(await databaseReachable())) return ReadinessMessages.database;
      return stopping ? ReadinessMessages.stopping : undefined;
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
