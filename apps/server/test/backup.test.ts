import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import * as schema from '../src/db/schema/index';
import { mailOutbox } from '../src/db/schema/index';
import { openBody } from '../src/mail/sealed-body';
import { openBackup } from '../src/modules/backup/dump';
import { engineOf } from '../src/modules/backup/engine';
import { readHeader } from '../src/modules/backup/file-format';
import { restoreBackup, RestoreRefused, type RestoreTarget } from '../src/modules/backup/restore';
import { startBackupSchedule, writeScheduledBackup } from '../src/modules/backup/schedule';
import { newestKnownMigration } from '../src/modules/backup/schema-version';
import type { OperatorApp } from '../src/operator-app';
import { tableDigests } from './db-digest';
import {
  backends,
  createPostgresDatabase,
  login,
  OPERATOR_KEY,
  operatorBearer,
  sessionHeaders,
  startOperatorApp,
  startTestServer,
  type TestServer,
} from './harness';
import { httpClient } from './server-process';
import {
  checkWritesInDatabase,
  planReadings,
  startWriteStream,
  type WriteLog,
} from './write-stream';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const migrationsDir = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
const HISTORY = '/api/vertrag/5000001/historie?interval=daily';
const NOT_EMPTY = 'ist nicht leer. Eine Sicherung wird nur in';

/** `npm run backup` / `npm run restore` as the root scripts run them. */
async function run(cli: 'backup-cli' | 'restore-cli', file: string, env: NodeJS.ProcessEnv) {
  const base: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete base.DATABASE_URL;
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', `src/${cli}.ts`, file],
      { cwd: serverDir, env: base },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

async function writeBackup(db: Database, file: string) {
  const backup = await openBackup(db);
  await pipeline(backup.stream, createWriteStream(file));
  return backup.manifest;
}

describe.each(backends)('backup and restore on %s', (backend) => {
  let server: TestServer;
  let operator: OperatorApp;
  const work = mkdtempSync(join(tmpdir(), 'kp-backup-'));
  const cleanups: (() => Promise<unknown>)[] = [];
  let count = 0;
  const fresh = (name: string) => join(work, `${name}-${++count}`);

  /** An empty target of this backend: a directory not made yet, or a database of its own. */
  async function emptyTarget(): Promise<RestoreTarget> {
    if (backend === 'pglite') return { dataDir: join(fresh('data'), 'pgdata') };
    const scratch = await createPostgresDatabase();
    cleanups.push(() => scratch.drop());
    return { url: scratch.url };
  }

  function open(target: RestoreTarget): Database {
    const database = openDatabase(target);
    cleanups.push(() => database.close());
    return database.db;
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    operator = await startOperatorApp(server);
    // A mail waiting for its retry: not yet sent, and not sent by the test server meanwhile.
    await server.app.mailer.enqueue(server.db, {
      kind: 'PASSWORT_GEAENDERT',
      to: 'max.mustermann@example.de',
      subject: 'Wartet auf den nächsten Versuch',
      text: 'Text',
      html: '<p>Text</p>',
    });
    await server.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() + 3_600_000), lastError: 'SMTP nicht erreichbar' })
      .where(eq(mailOutbox.subject, 'Wartet auf den nächsten Versuch'));
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await operator?.close();
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('POST /backup answers only with a key', async () => {
    expect((await operator.inject({ method: 'POST', url: '/backup' })).statusCode).toBe(401);
    const wrong = await operator.inject({
      method: 'POST',
      url: '/backup',
      headers: { authorization: 'Bearer falscher-schluessel' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('restores what POST /backup streams into an empty target (same tables, logins, history, unsent mails), and refuses it then', async () => {
    const history = (
      await server.app.inject({ url: HISTORY, headers: await sessionHeaders(server.app) })
    ).json<unknown>();
    const answer = await operator.inject({
      method: 'POST',
      url: '/backup',
      headers: operatorBearer,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="kundenportal-/);
    const digests = await tableDigests(server.db);
    const file = fresh('post.backup');
    writeFileSync(file, answer.rawPayload);
    const { manifest } = await readHeader(file);
    expect(manifest).toMatchObject({ kind: backend, schema: { tag: newestKnownMigration().tag } });

    const target = await emptyTarget();
    const restored = await restoreBackup(file, target);
    expect(restored.schema?.tag).toBe(newestKnownMigration().tag);
    const db = open(target);
    expect(await tableDigests(db)).toEqual(digests);
    const [waiting] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Wartet auf den nächsten Versuch'));
    expect(waiting).toMatchObject({ sentAt: null });
    expect(waiting?.textBody).not.toContain('Text');
    expect(openBody(server.config.mail.key ?? Buffer.alloc(32), waiting?.textBody ?? '')).toBe(
      'Text',
    );

    const app = await buildApp(server.config, db);
    cleanups.push(() => app.close());
    expect((await login(app, '10001', 'Demo-2026!')).response.statusCode).toBe(200);
    expect((await login(app, '10001', 'Falsch-2026!')).response.statusCode).toBe(401);
    const again = await app.inject({ url: HISTORY, headers: await sessionHeaders(app) });
    expect(again.json<unknown>()).toEqual(history);

    // Once there, the target is not empty: a second restore is refused and changes nothing.
    const before = await tableDigests(db);
    const refused = restoreBackup(file, target);
    await expect(refused).rejects.toBeInstanceOf(RestoreRefused);
    await expect(refused).rejects.toThrow(NOT_EMPTY);
    expect(await tableDigests(db)).toEqual(before);
  }, 120_000);

  it('npm run backup and npm run restore: into an empty target, and refused into a non-empty one', async () => {
    // The source as the commands find it: a stopped server's DATA_DIR, or the database's URL.
    let source: NodeJS.ProcessEnv;
    if (backend === 'pglite') {
      const dataDir = fresh('stopped');
      const file = fresh('seed.backup');
      await writeBackup(server.db, file);
      await restoreBackup(file, { dataDir: join(dataDir, 'pgdata') });
      source = { DATA_DIR: dataDir };
      // A second process must not open the directory of a running server: it is refused.
      const running = openDatabase({ dataDir: join(dataDir, 'pgdata') });
      await running.migrate();
      const refused = await run('backup-cli', fresh('refused.backup'), source);
      await running.close();
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('ist geöffnet: der Server läuft');
      // With the operator port and a key, the running server makes the backup itself.
      await operator.listen({ port: 0, host: '127.0.0.1' });
      const viaServer = fresh('via-server.backup');
      const asked = await run('backup-cli', viaServer, {
        ...source,
        BETRIEB_PORT: String((operator.server.address() as { port: number }).port),
        BETRIEB_SCHLUESSEL: OPERATOR_KEY,
      });
      expect(asked.code, asked.stderr).toBe(0);
      expect(asked.stdout).toContain('über die Betriebsschnittstelle des laufenden Servers');
      expect((await readHeader(viaServer)).manifest.kind).toBe('pglite');
    } else {
      source = { DATABASE_URL: (engineOf(server.db) as { url: string }).url };
    }
    const file = fresh('cli.backup');
    const backup = await run('backup-cli', file, source);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Sicherung geschrieben: ${file}`);

    const refused = await run('restore-cli', file, source);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(NOT_EMPTY);

    const target = await emptyTarget();
    const restore = await run(
      'restore-cli',
      file,
      'url' in target ? { DATABASE_URL: target.url } : { DATA_DIR: join(target.dataDir, '..') },
    );
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Datenbankstand jetzt ${newestKnownMigration().tag}`);
    const sourceDb =
      backend === 'pglite' ? open({ dataDir: join(source.DATA_DIR!, 'pgdata') }) : server.db;
    expect(await tableDigests(open(target))).toEqual(await tableDigests(sourceDb));
  }, 180_000);

  it('a backup taken under a stream of writes holds every write answered before it began', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address() as { port: number };
    const client = httpClient(`http://127.0.0.1:${address.port}`);
    const headers = await client.session();
    const stream = startWriteStream(client, headers, await planReadings(client, headers));
    try {
      while (stream.succeeded() < 12) await new Promise((resolve) => setImmediate(resolve));
      // What was answered 2xx when the backup began; the writers go on meanwhile.
      const ok = (sent: { status: number | 'lost' }) =>
        typeof sent.status === 'number' && sent.status < 300;
      const before: WriteLog = {
        readings: stream.log.readings.filter(ok),
        contacts: stream.log.contacts.filter(ok),
        addresses: stream.log.addresses.filter(ok),
        requests: stream.log.requests.filter(ok),
      };
      const file = fresh('stream.backup');
      const answered = stream.answered();
      await writeBackup(server.db, file);
      await stream.stop();
      expect(stream.answered()).toBeGreaterThan(answered);

      const target = await emptyTarget();
      await restoreBackup(file, target);
      await checkWritesInDatabase(open(target), before);
    } finally {
      await stream.stop();
    }
  }, 180_000);

  it('restores a backup of an older schema and migrates it forward', async () => {
    // The migrations but the last, as an older version of the portal had them.
    const older = fresh('migrations');
    cpSync(migrationsDir, older, { recursive: true });
    const journalFile = join(older, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const previous = journal.entries.at(-2)!.tag;
    journal.entries.pop();
    writeFileSync(journalFile, JSON.stringify(journal));

    let db: Database;
    if (backend === 'pglite') {
      const pglite = new PGlite();
      cleanups.push(() => pglite.close());
      const drizzled = drizzlePglite(pglite, { schema });
      await migratePglite(drizzled, { migrationsFolder: older });
      db = drizzled;
    } else {
      const scratch = await createPostgresDatabase();
      const pool = new pg.Pool({ connectionString: scratch.url });
      cleanups.push(() => scratch.drop());
      cleanups.push(() => pool.end());
      const drizzled = drizzlePg(pool, { schema });
      await migratePg(drizzled, { migrationsFolder: older });
      db = drizzled;
    }
    const file = fresh('older.backup');
    expect((await writeBackup(db, file)).schema.tag).toBe(previous);
    const target = await emptyTarget();
    const restored = await restoreBackup(file, target);
    expect(restored.manifest.schema.tag).toBe(previous);
    expect(restored.schema?.tag).toBe(newestKnownMigration().tag);
  }, 180_000);

  it('the schedule keeps the newest BACKUP_KEEP backups, each written whole under its final name', async () => {
    const dir = fresh('scheduled');
    const config = { dir, everyHours: 1, keep: 2 };
    const start = Date.UTC(2026, 10, 26, 3);
    const written: string[] = [];
    for (let hour = 0; hour < 3; hour++)
      written.push(
        await writeScheduledBackup(server.db, config, new Date(start + hour * 3_600_000)),
      );
    expect(readdirSync(dir).sort()).toEqual([
      'kundenportal-20261126T040000000Z.backup',
      'kundenportal-20261126T050000000Z.backup',
    ]);
    expect(written.at(-1)).toBe(join(dir, 'kundenportal-20261126T050000000Z.backup'));
    expect((await readHeader(written.at(-1)!)).manifest.createdAt).toBe('2026-11-26T05:00:00.000Z');
  }, 120_000);

  it('the schedule logs a failed backup as an error instead of stopping the server', async () => {
    // A directory that cannot be made: its parent is a file.
    const file = fresh('not-a-dir');
    writeFileSync(file, '');
    let reported: (entry: unknown) => void = () => undefined;
    const failed = new Promise<unknown>((resolve) => (reported = resolve));
    const log = { info: () => undefined, error: (entry: unknown) => reported(entry) };
    const stop = startBackupSchedule(
      server.db,
      { dir: join(file, 'sicherungen'), everyHours: 1, keep: 2 },
      log as unknown as FastifyBaseLogger,
      () => new Date(),
    );
    cleanups.push(async () => stop());
    expect(await failed).toMatchObject({ dir: join(file, 'sicherungen') });
  });
});
