import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../db/client';

/** The database under the drizzle instance: an embedded PGlite or a pool of a server's. */
export type Engine = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string };

export function engineOf(db: Database): Engine {
  // drizzle keeps the client it was made with; client.ts makes it from one of these two.
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return { kind: 'pglite', pglite: client };
  const url = (client as pg.Pool).options.connectionString;
  if (!url) throw new Error('backup: the database pool has no connection string');
  return { kind: 'postgres', url };
}

/**
 * pg_dump's and pg_restore's connection: the URL without its password, which goes in the
 * environment, so that no process listing shows it.
 */
function connection(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password && { PGPASSWORD: password }) },
  };
}

const INSTALL_HINT =
  'ist nicht installiert oder nicht im PATH. Bitte den PostgreSQL-Client in der Version des Servers oder neuer installieren (Debian/Ubuntu: apt-get install postgresql-client).';

/** Starts a PostgreSQL client tool; refuses in German when it is not on PATH. */
export async function startClientTool(
  tool: 'pg_dump' | 'pg_restore',
  url: string,
  args: string[],
): Promise<{ child: ChildProcessByStdio<Writable, Readable, Readable>; finished: Promise<void> }> {
  const { dbname, env } = connection(url);
  const child = spawn(tool, [...args, `--dbname=${dbname}`], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  try {
    await once(child, 'spawn');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`${tool} ${INSTALL_HINT}`, { cause: error });
    throw error;
  }
  let errors = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    if (errors.length < 4000) errors += text;
  });
  const finished = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} ist fehlgeschlagen (${signal ?? code}): ${errors.trim()}`));
    });
  });
  // The caller waits for it after the streams; an early failure must not be unhandled meanwhile.
  finished.catch(() => undefined);
  return { child, finished };
}
