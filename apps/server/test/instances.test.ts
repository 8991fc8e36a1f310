/**
 * Two real server processes on one PostgreSQL database, sharing nothing but it: sessions,
 * logout, password changes, the login limit, readings and the answers each keeps in memory hold
 * across both.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './harness';
import {
  httpClient,
  killServerProcesses,
  startServerProcess,
  type ServerProcess,
} from './server-process';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two server processes on one PostgreSQL database (needs TEST_DATABASE_URL)',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let a: ReturnType<typeof httpClient>;
    let b: ReturnType<typeof httpClient>;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      database = await createPostgresDatabase();
      // Both at once on the empty database, as two replicas of a deployment start.
      servers.push(
        ...(await Promise.all([
          startServerProcess({ DATABASE_URL: database.url }),
          startServerProcess({ DATABASE_URL: database.url }),
        ])),
      );
      a = httpClient(servers[0]!.url);
      b = httpClient(servers[1]!.url);
    }, 120_000);

    afterAll(async () => {
      killServerProcesses();
      await Promise.all(servers.map((server) => server.exited));
      await database?.drop();
    });

    const customer = (client: typeof a, headers: { token: string; kundennummer: string }) =>
      client.call('GET', '/api/anschlussnutzer', { headers }).then((answer) => answer.status);

    it('takes a session opened on one on the other, and ends it on both at logout', async () => {
      const session = await a.session('10001');
      expect(await customer(b, session)).toBe(200);
      expect(
        (await b.call('DELETE', '/api/anschlussnutzer/logout', { headers: session })).status,
      ).toBeLessThan(300);
      expect(await customer(a, session)).toBe(401);
      expect(await customer(b, session)).toBe(401);
    });

    it('ends every session on both at a password change, and goes on with the new token', async () => {
      const changing = await a.session('10005');
      const other = await b.session('10005');
      const third = await a.session('10005');
      const changed = await a.call('PUT', '/api/anschlussnutzer/passwort_aendern', {
        headers: changing,
        body: { altesPasswort: 'Demo-2026!', neuesPasswort: 'Neu-Passwort-2026!' },
      });
      expect(changed.status).toBe(200);
      const renewed = { ...changing, token: changed.headers.get('token') ?? '' };
      for (const client of [a, b]) {
        expect(await customer(client, renewed)).toBe(200);
        expect(await customer(client, changing)).toBe(401);
        expect(await customer(client, other)).toBe(401);
        expect(await customer(client, third)).toBe(401);
      }
      expect((await b.login('10005', 'Demo-2026!')).status).toBe(401);
      expect((await b.login('10005', 'Neu-Passwort-2026!')).status).toBe(200);
    });

    it('keeps an answer, and sends none older than a write the other instance answered', async () => {
      const session = await a.session('10001');
      type Contact = { email: string; festnetz: string | null; mobil: string | null };
      const contact = async (client: typeof a) =>
        (await client.call('GET', '/api/anschlussnutzer', { headers: session })).body as Contact;
      const before = await contact(b);
      // Kept by b: a change made outside any request is not seen (for at most a few seconds).
      const direct = new pg.Client({ connectionString: database.url });
      await direct.connect();
      await direct.query(
        `update customers set mobil = '0170 0000000' where kundennummer = '10001'`,
      );
      await direct.end();
      expect(await contact(b)).toEqual(before);
      // A change through a: its answer leaves only once every instance's kept answer is old.
      const changed = await a.call('PUT', '/api/anschlussnutzer/kontaktdatenAktualisieren', {
        headers: session,
        body: { email: before.email, festnetz: '030 1234567', mobil: null, fax: null },
      });
      expect(changed.status).toBeLessThan(300);
      expect(await contact(b)).toMatchObject({ festnetz: '030 1234567', mobil: null });
      // Ended on a: b sends its kept answer to nobody.
      await a.call('DELETE', '/api/anschlussnutzer/logout', { headers: session });
      expect((await b.call('GET', '/api/anschlussnutzer', { headers: session })).status).toBe(401);
    });

    it('counts failed logins on both against one limit of 5 per customer number', async () => {
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await (i % 2 ? b : a).login('10002', `falsch-${i}`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // Even the right password, on either.
      expect((await a.login('10002', 'Demo-2026!')).status).toBe(429);
      expect((await b.login('10002', 'Demo-2026!')).status).toBe(429);
    });

    it('stores a reading sent to both at once once, and refuses the other with a German message', async () => {
      const session = await a.session('10001');
      const payload = {
        zaehlernummer: '1ESY1160512345',
        ablesedatum: '2026-01-15',
        ablesewerte: { '1-1:1.8.0': 15_000 },
      };
      const results = await Promise.all(
        [a, b, a, b].map((client) =>
          client.call('POST', '/api/vertrag/5000001/ablesungen', {
            headers: session,
            body: payload,
          }),
        ),
      );
      expect(results.map((answer) => answer.status).sort()).toEqual([201, 400, 400, 400]);
      for (const refused of results.filter((answer) => answer.status === 400))
        expect(refused.body).toMatchObject({
          message: 'Für den Zähler 1ESY1160512345 liegt zum 15.01.2026 bereits eine Ablesung vor.',
        });
      const stored = (
        await b.call('GET', '/api/vertrag/5000001/ablesungen?von=2026-01-15&bis=2026-01-15', {
          headers: session,
        })
      ).body as unknown[];
      expect(stored).toHaveLength(1);
    });
  },
);
