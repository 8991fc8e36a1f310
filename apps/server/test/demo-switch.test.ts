/**
 * The demo accounts' passwords are in the README: a server given a PostgreSQL database must not
 * create them unless told to (DEMO_DATA=1), and says at start that it has none.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, passwordHeader } from './harness';
import { httpClient, killServerProcesses, startServerProcess } from './server-process';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a server on PostgreSQL without DEMO_DATA (needs TEST_DATABASE_URL)',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
    afterAll(async () => {
      killServerProcesses();
      await database?.drop();
    });

    it('starts empty, says so, and lets nobody in with the demo passwords', async () => {
      database = await createPostgresDatabase();
      // An empty value counts as unset, as in a deployment's environment file.
      const server = await startServerProcess({ DATABASE_URL: database.url, DEMO_DATA: '' });
      await expect
        .poll(() => server.output())
        .toMatch(/Ohne Demo-Daten, die Datenbank ist leer \(DEMO_DATA=1 legt/);
      expect(server.output()).not.toMatch(/Demo-Zugänge( \(neu angelegt\))?:/);
      const answer = await httpClient(server.url).call('POST', '/api/anschlussnutzer/login', {
        headers: { kundennummer: '10001', passwort: passwordHeader('Demo-2026!') },
      });
      expect(answer.status).toBe(401);
      server.signal('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    }, 120_000);
  },
);
