import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, sessionHeaders, startTestServer, type TestServer } from './harness';

/**
 * The hot reads are kept in memory on the embedded database (plugins/read-cache.ts) and read
 * from the database on a PostgreSQL server: on both, a change is read back at once, and an
 * ended session is refused at once.
 */
describe.each(backends)('hot reads on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());

  const get = (url: string, headers: Record<string, string>) =>
    server.app.inject({ method: 'GET', url, headers });

  it('reads a contact change back at once, also in another session of the customer', async () => {
    const first = await sessionHeaders(server.app);
    const second = await sessionHeaders(server.app);
    for (const headers of [first, second]) await get('/api/anschlussnutzer', headers);
    const change = await server.app.inject({
      method: 'PUT',
      url: '/api/anschlussnutzer/kontaktdatenAktualisieren',
      headers: first,
      payload: { email: 'max.mustermann@example.de', mobil: '0170 5550101' },
    });
    expect(change.statusCode).toBe(200);
    for (const headers of [first, second]) {
      expect((await get('/api/anschlussnutzer', headers)).json()).toMatchObject({
        mobil: '0170 5550101',
      });
    }
  });

  it('shows a cancellation on the contract at once', async () => {
    const headers = await sessionHeaders(server.app);
    const before = await get('/api/vertrag/5000003', headers);
    expect(before.statusCode).toBe(200);
    const cancel = await server.app.inject({
      method: 'POST',
      url: '/api/vertrag/5000003/kuendigen',
      headers,
      payload: { grund: 'AUSZUG', datum: '2030-01-31' },
    });
    expect(cancel.statusCode).toBeLessThan(300);
    const after = (await get('/api/vertrag/5000003', headers)).json<Record<string, unknown>>();
    expect(after).not.toEqual(before.json());
  });

  it('refuses a session at once after its logout, while other sessions go on', async () => {
    const ending = await sessionHeaders(server.app);
    const staying = await sessionHeaders(server.app);
    for (const headers of [ending, staying]) {
      expect((await get('/api/anschlussnutzer', headers)).statusCode).toBe(200);
    }
    const logout = await server.app.inject({
      method: 'DELETE',
      url: '/api/anschlussnutzer/logout',
      headers: ending,
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await get('/api/anschlussnutzer', ending)).statusCode).toBe(401);
    expect((await get('/api/vertrag/5000001', ending)).statusCode).toBe(401);
    expect((await get('/api/anschlussnutzer', staying)).statusCode).toBe(200);
  });

  it('answers requests that arrive together each with its own customer, an ended session with 401', async () => {
    const callers = [
      ...(await Promise.all(
        ['10001', '10002', '10005'].map((number) => sessionHeaders(server.app, number)),
      )),
      await sessionHeaders(server.app, '10001'),
    ];
    const ended = await sessionHeaders(server.app, '10002');
    await server.app.inject({
      method: 'DELETE',
      url: '/api/anschlussnutzer/logout',
      headers: ended,
    });
    const foreign = { ...callers[0]!, kundennummer: '10002' };
    const answers = await Promise.all(
      [...callers, ...callers, ended, foreign].map((headers) =>
        get('/api/anschlussnutzer', headers),
      ),
    );
    const numbers = answers.map((answer) =>
      answer.statusCode === 200
        ? answer.json<{ kundennummer: string }>().kundennummer
        : answer.statusCode,
    );
    const expected = callers.map((headers) => headers.kundennummer);
    expect(numbers).toEqual([...expected, ...expected, 401, 401]);
  });

  it('refuses a kept session once its stored expiry has passed', async () => {
    const headers = await sessionHeaders(server.app);
    expect((await get('/api/anschlussnutzer', headers)).statusCode).toBe(200);
    server.clock.advanceSeconds(server.config.sessionTtlSeconds + 1);
    expect((await get('/api/anschlussnutzer', headers)).statusCode).toBe(401);
  });
});
