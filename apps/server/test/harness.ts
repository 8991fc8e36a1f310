import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app';
import { OPERATOR_SCOPES, readEnv, type AppConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { createScratchDatabase } from '../src/db/scratch-database';
import { seedDemoDataIfEmpty } from '../src/demo/seed';
import { buildOperatorApp } from '../src/operator-app';
import { migratedPgliteDump } from './migrated-database';

/** PGlite always; a PostgreSQL server too when TEST_DATABASE_URL names one. */
export const backends = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as const;
export type Backend = (typeof backends)[number];

/** The public address the test server believes it has. */
export const PORTAL_URL = 'https://portal.example.de';

export interface TestServer {
  app: App;
  db: Database;
  config: AppConfig;
  clock: { now: Date; advanceSeconds(seconds: number): void };
  close(): Promise<void>;
}

/** A database of its own for this run on TEST_DATABASE_URL, dropped afterwards. */
export const createPostgresDatabase = () =>
  createScratchDatabase(process.env.TEST_DATABASE_URL!, 'kundenportal_test');

/**
 * A test server on a database of its own (in memory, or a scratch database on PostgreSQL), or on
 * the one `at` names, which it neither creates nor drops (the move's source and target).
 */
export async function startTestServer(
  backend: Backend,
  overrides: Partial<AppConfig> = {},
  at?: { url: string } | { dataDir: string },
): Promise<TestServer> {
  // A copy of the run's migrated database (global-setup.ts); migrate() then finds it current.
  const postgres =
    backend === 'postgres' && !at
      ? await createScratchDatabase(
          process.env.TEST_DATABASE_URL!,
          'kundenportal_test',
          inject('postgresTemplate'),
        )
      : undefined;
  const database = openDatabase(
    at ?? (postgres ? { url: postgres.url } : { loadDataDir: await migratedPgliteDump() }),
  );
  await database.migrate();
  const clock = {
    now: new Date(),
    advanceSeconds(seconds: number) {
      clock.now = new Date(clock.now.getTime() + seconds * 1000);
    },
  };
  // The shipped defaults as the environment parser makes them (spec and README: a session
  // lives 1800 s), so that a changed default fails the tests that rely on it. Only what a test
  // server must have of its own is set here.
  const shipped = readEnv({
    PUBLIC_URL: PORTAL_URL,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  }).config;
  const config: AppConfig = {
    ...shipped,
    webDist: undefined,
    now: () => clock.now,
    // One key per test server, so that an app built again on its database opens its mails.
    mail: { outboxDir: mkdtempSync(join(tmpdir(), 'kundenportal-outbox-')), key: randomBytes(32) },
    embeddedDatabase: backend === 'pglite',
    // Off: a test's own work (seeding thousands of customers) shares the server's event loop.
    // attacks.test.ts turns it on.
    maxEventLoopDelayMs: 0,
    ...overrides,
  };
  await seedDemoDataIfEmpty(database.db, config.mandant, clock.now);
  const app = await buildApp(config, database.db);
  return {
    app,
    db: database.db,
    config,
    clock,
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
    },
  };
}

/** The header form of a password: its UTF-8 bytes, one ISO-8859-1 character each. */
export const passwordHeader = (password: string) =>
  Buffer.from(password, 'utf8').toString('latin1');

export async function login(
  app: App,
  kundennummer: string,
  password: string,
  remoteAddress = '127.0.0.1',
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/anschlussnutzer/login',
    headers: { kundennummer, passwort: passwordHeader(password) },
    remoteAddress,
  });
  const token = response.headers['token'];
  return { response, token: typeof token === 'string' ? token : undefined };
}

export async function sessionHeaders(app: App, kundennummer = '10001', password = 'Demo-2026!') {
  const { token } = await login(app, kundennummer, password);
  if (!token) throw new Error(`login of ${kundennummer} failed`);
  return { token, kundennummer };
}

/** A built web app of one page and one script, for the tests of what the server sends. */
export function makeWebDist(): string {
  const webDist = mkdtempSync(join(tmpdir(), 'kp-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Kundenportal</title></head><body></body></html>',
  );
  writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  return webDist;
}

/** The key the tests' operator app takes, and the header that carries it. */
export const OPERATOR_KEY = 'test-operator-key-0123456789abcdefghijklmnopqrstuvwxyz';
export const operatorBearer = { authorization: `Bearer ${OPERATOR_KEY}` };

/** The operator interface (operator-app.ts) on the test server's database, keyed "test". */
export function startOperatorApp(server: TestServer) {
  return buildOperatorApp(
    {
      ...server.config,
      operator: {
        port: 0,
        host: '127.0.0.1',
        keys: [
          {
            name: 'test',
            sha256: createHash('sha256').update(OPERATOR_KEY).digest(),
            scopes: new Set(OPERATOR_SCOPES),
          },
        ],
        failuresPerMinute: 20,
      },
    },
    { db: server.db, metrics: server.app.metrics, readCache: server.app.readCache },
  );
}
