/**
 * The real server process on a PostgreSQL cluster of the test's own, stopped and started again
 * while requests run. The machine's shared PostgreSQL is never touched.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@kundenportal/contract';
import { openDatabase } from '../src/db/client';
import {
  freePort,
  httpClient,
  killServerProcesses,
  startServerProcess,
  type Answer,
  type ServerProcess,
} from './server-process';
import {
  checkWritesInDatabase,
  checkWritesThroughApi,
  planReadings,
  startWriteStream,
} from './write-stream';

const BIN = '/usr/lib/postgresql/15/bin';
const RUNUSER = '/usr/sbin/runuser';
const missing = [`${BIN}/initdb`, `${BIN}/pg_ctl`, RUNUSER].filter((file) => !existsSync(file));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PostgreSQL refuses to run as root: its commands run as the postgres user. */
function asPostgres(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  return execFileSync(
    asRoot ? RUNUSER : command,
    asRoot ? ['-u', 'postgres', '--', command, ...args] : args,
    {
      stdio: 'pipe',
      timeout: 60_000,
    },
  ).toString();
}

describe.skipIf(missing.length > 0)(
  `the server process while its PostgreSQL stops and starts${missing.length ? ` (skipped: ${missing.join(', ')} missing)` : ''}`,
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-pg-'));
    const data = join(dir, 'data');
    let port: number;
    let server: ServerProcess;
    const pgCtl = (...args: string[]) => asPostgres(`${BIN}/pg_ctl`, ['-D', data, ...args]);
    const start = () =>
      pgCtl(
        '-w',
        '-l',
        join(dir, 'log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        'start',
      );

    beforeAll(async () => {
      if (process.getuid?.() === 0) {
        chownSync(
          dir,
          Number(asPostgres('/usr/bin/id', ['-u']).trim()),
          Number(asPostgres('/usr/bin/id', ['-g']).trim()),
        );
      }
      chmodSync(dir, 0o700);
      asPostgres(`${BIN}/initdb`, [
        '-D',
        data,
        '-U',
        'postgres',
        '--auth=trust',
        '--no-sync',
        '-E',
        'UTF8',
        '--locale=C',
      ]);
      port = await freePort();
      start();
      server = await startServerProcess({
        DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
        // The stream sends contact requests, and the reader logs in, as fast as they are
        // answered: far past what one customer may (5 requests an hour, 20 logins a quarter).
        CONTACT_REQUESTS_PER_HOUR: '100000',
        LOGINS_PER_QUARTER_HOUR: '100000',
      });
    }, 120_000);

    afterAll(() => {
      killServerProcesses();
      try {
        pgCtl('-m', 'immediate', 'stop');
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    });

    it('answers 503 with the text of spec §8.1 while it is down, never hangs, and recovers without a restart', async () => {
      const client = httpClient(server.url);
      const max = await client.session();
      const stream = startWriteStream(client, max, await planReadings(client, max), { tag: 'PG' });
      // Reads beside the writes: a login and the customer, in a loop of their own.
      const reads: { phase: string; answer?: Answer; error?: string }[] = [];
      let phase = 'up';
      let reading = true;
      const reader = (async () => {
        while (reading) {
          const at = phase;
          try {
            reads.push({
              phase: at,
              answer: await client.call('GET', '/api/anschlussnutzer', { headers: max }),
            });
            reads.push({ phase: at, answer: await client.login('10002', 'Demo-2026!') });
          } catch (error) {
            reads.push({ phase: at, error: String(error) });
          }
        }
      })();

      await sleep(1000);
      const before = stream.log.readings.length;
      phase = 'down';
      const stoppedAt = performance.now();
      pgCtl('-m', 'fast', '-w', 'stop');
      await sleep(2000);
      start();
      phase = 'recovering';
      const startedAt = performance.now();
      // Until the stream has written again after the start.
      for (let i = 0; i < 200; i++) {
        const last = stream.log.readings.at(-1);
        if (stream.log.readings.length > before + 3 && last?.status === 201) break;
        await sleep(50);
      }
      phase = 'after';
      await sleep(500);
      reading = false;
      await stream.stop();
      await reader;

      const writes = [
        ...stream.log.readings,
        ...stream.log.contacts,
        ...stream.log.addresses,
        ...stream.log.requests,
      ];
      const answers = [
        ...writes.map((sent) => ({ status: sent.status, body: sent.body, ms: sent.ms })),
        ...reads.map((read) => read.answer ?? { status: 'lost' as const, body: read.error, ms: 0 }),
      ];
      const statuses: Record<string, number> = {};
      for (const answer of answers)
        statuses[String(answer.status)] = (statuses[String(answer.status)] ?? 0) + 1;
      console.info(
        `PostgreSQL stopped for ${Math.round(startedAt - stoppedAt)} ms: ${answers.length} requests, ${JSON.stringify(statuses)}, slowest ${Math.round(Math.max(...answers.map((answer) => answer.ms)))} ms`,
      );
      // Every request answered, none with 500, within a few seconds.
      expect(
        answers.filter((answer) => answer.status === 'lost'),
        `the server's output:\n${server.output().slice(-3000)}`,
      ).toEqual([]);
      expect(
        Object.keys(statuses).filter((status) => !['200', '201', '204', '503'].includes(status)),
      ).toEqual([]);
      expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(5_000);
      expect(statuses['503']).toBeGreaterThan(0);
      for (const answer of answers.filter((answer) => answer.status === 503))
        expect(answer.body).toEqual({ message: Messages.unexpectedTechnicalError });
      // Recovered: the same process answers again, with the session from before the outage.
      expect(server.pid).toBeGreaterThan(0);
      expect(
        reads.filter((read) => read.phase === 'after').map((read) => read.answer?.status),
      ).toContain(200);
      expect((await client.call('GET', '/api/anschlussnutzer', { headers: max })).status).toBe(200);
      expect((await client.call('GET', '/api/health')).status).toBe(200);

      await checkWritesThroughApi(client, max, stream.log);
      const database = openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/postgres` });
      try {
        await checkWritesInDatabase(database.db, stream.log);
      } finally {
        await database.close();
      }
    }, 60_000);
  },
);
