import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, customers, sessions, throttleCounters } from '../src/db/schema/index';
import { hashToken } from '../src/lib/tokens';
import { purgeLeftovers } from '../src/modules/housekeeping/service';
import {
  backends,
  login,
  passwordHeader,
  sessionHeaders,
  startTestServer,
  type TestServer,
} from './harness';

describe.each(backends)('authentication on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());

  it('logs 10001 in with token, ttl and the customer number', async () => {
    const { response, token } = await login(server.app, '10001', 'Demo-2026!');
    expect(response.statusCode).toBe(200);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers['ttl']).toBe('1800');
    expect(response.json()).toEqual({ kundennummer: '10001' });
  });

  it('answers a wrong password and an unknown customer alike, with a German message', async () => {
    const wrong = await login(server.app, '10002', 'falsch');
    const unknown = await login(server.app, '99999', 'falsch');
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.response.json()).toEqual({
      message: 'Die Kundennummer oder das Passwort ist nicht korrekt.',
    });
    expect(unknown.response.statusCode).toBe(401);
    expect(unknown.response.json()).toEqual(wrong.response.json());
    expect(wrong.token).toBeUndefined();
  });

  it('asks for missing credentials in German', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/login',
      headers: { kundennummer: '10001' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Bitte geben Sie das Passwort an.',
      felder: { passwort: 'Bitte geben Sie das Passwort an.' },
    });
  });

  it('answers 700 without a token when the password must be changed', async () => {
    const { response, token } = await login(server.app, '10003', 'Start-2026!');
    expect(response.statusCode).toBe(700);
    expect(token).toBeUndefined();
    expect(response.json()).toEqual({ kundennummer: '10003' });
  });

  it('answers 702 for a customer without portal access, and 401 with a wrong password', async () => {
    expect((await login(server.app, '10004', 'Demo-2026!')).response.statusCode).toBe(702);
    expect((await login(server.app, '10004', 'falsch!!')).response.statusCode).toBe(401);
  });

  it('serves the customer with contract ids and renews the expiry in ttl', async () => {
    const headers = await sessionHeaders(server.app);
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/anschlussnutzer',
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['ttl']).toBe('1800');
    const customer = response.json();
    expect(customer).toMatchObject({
      kundennummer: '10001',
      anrede: 'Herr',
      vorname: 'Max',
      nachname: 'Mustermann',
      email: 'max.mustermann@example.de',
    });
    expect(customer.vertraege).toHaveLength(4);
  });

  it('keeps a session alive while it is used, and ends it after the ttl of silence', async () => {
    const headers = await sessionHeaders(server.app);
    const get = () => server.app.inject({ method: 'GET', url: '/api/anschlussnutzer', headers });
    server.clock.advanceSeconds(1700);
    expect((await get()).statusCode).toBe(200);
    server.clock.advanceSeconds(1700);
    expect((await get()).statusCode).toBe(200);
    server.clock.advanceSeconds(1801);
    const expired = await get();
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(
      'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    );
  });

  it('reads without writing until a minute of the lifetime has passed; ttl tells the stored truth', async () => {
    const headers = await sessionHeaders(server.app);
    const stored = async () =>
      (
        await server.db
          .select({ expiresAt: sessions.expiresAt })
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(headers.token)))
      )[0]?.expiresAt.getTime();
    const get = () => server.app.inject({ method: 'GET', url: '/api/anschlussnutzer', headers });
    const atLogin = await stored();
    server.clock.advanceSeconds(30);
    const early = await get();
    expect(early.headers['ttl']).toBe('1770');
    expect(await stored()).toBe(atLogin);
    server.clock.advanceSeconds(31);
    const due = await get();
    expect(due.headers['ttl']).toBe('1800');
    expect(await stored()).toBe(server.clock.now.getTime() + 1800 * 1000);
  });

  it('answers 401 to every authenticated call with a wrong, missing or foreign token', async () => {
    const headers = await sessionHeaders(server.app);
    const calls = [
      { method: 'GET', url: '/api/anschlussnutzer' },
      { method: 'GET', url: '/api/token/refresh' },
      { method: 'DELETE', url: '/api/anschlussnutzer/logout' },
    ] as const;
    for (const call of calls) {
      for (const bad of [
        { token: 'x'.repeat(43), kundennummer: '10001' },
        {},
        { ...headers, kundennummer: '10002' },
      ]) {
        const response = await server.app.inject({ ...call, headers: bad });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      }
    }
  });

  it('refreshes a token', async () => {
    const headers = await sessionHeaders(server.app);
    const response = await server.app.inject({ method: 'GET', url: '/api/token/refresh', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['ttl']).toBe('1800');
    expect(response.headers['token']).toBe(headers.token);
    expect(response.json()).toEqual({
      kundennummer: '10001',
      nachricht: 'Token erfolgreich erneuert.',
    });
  });

  it('ends the session on logout', async () => {
    const headers = await sessionHeaders(server.app);
    const logout = await server.app.inject({
      method: 'DELETE',
      url: '/api/anschlussnutzer/logout',
      headers,
    });
    expect(logout.statusCode).toBe(204);
    const after = await server.app.inject({ method: 'GET', url: '/api/anschlussnutzer', headers });
    expect(after.statusCode).toBe(401);
  });

  it('lets 10003 change the password in the forced state, without a token', async () => {
    const change = (altesPasswort: string, neuesPasswort: string) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/anschlussnutzer/passwort_aendern',
        headers: { kundennummer: '10003' },
        payload: { altesPasswort, neuesPasswort },
      });
    const wrongOld = await change('Falsch-2026!', 'Neu-Passwort-1');
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().message).toBe('Das bisherige Passwort ist nicht korrekt.');
    const tooShort = await change('Start-2026!', 'kurz');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().felder.neuesPasswort).toBe(
      'Das Passwort muss mindestens 8 Zeichen lang sein.',
    );

    const ok = await change('Start-2026!', 'Neu-Passwort-1');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ok.headers['ttl']).toBe('1800');
    expect(ok.json()).toEqual({ kundennummer: '10003' });

    expect((await login(server.app, '10003', 'Start-2026!')).response.statusCode).toBe(401);
    expect((await login(server.app, '10003', 'Neu-Passwort-1')).response.statusCode).toBe(200);
    const [customer] = await server.db
      .select()
      .from(customers)
      .where(eq(customers.kundennummer, '10003'));
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.customerId, customer!.id));
    expect(audit.map((row) => row.action)).toContain('PASSWORT_GEAENDERT');
  });

  it('refuses a password change without a session to a customer who need not change it', async () => {
    const withoutToken = await server.app.inject({
      method: 'PUT',
      url: '/api/anschlussnutzer/passwort_aendern',
      headers: { kundennummer: '10002' },
      payload: { altesPasswort: 'Demo-2026!', neuesPasswort: 'Ohne-Sitzung-1' },
    });
    expect(withoutToken.statusCode).toBe(401);
    expect(withoutToken.json().message).toBe(
      'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    );
    // unchanged: the old password still opens the account
    expect((await login(server.app, '10002', 'Demo-2026!')).response.statusCode).toBe(200);
  });

  it('takes passwords with ä, ß and € at change and at login', async () => {
    const headers = await sessionHeaders(server.app, '10005');
    const change = await server.app.inject({
      method: 'PUT',
      url: '/api/anschlussnutzer/passwort_aendern',
      headers,
      payload: { altesPasswort: 'Demo-2026!', neuesPasswort: 'Grüße-äß-€-2026' },
    });
    expect(change.statusCode).toBe(200);
    // a new token goes on; the one that asked for the change ends with it (spec §4.1)
    const renewed = { ...headers, token: String(change.headers['token']) };
    expect(renewed.token).not.toBe(headers.token);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/anschlussnutzer', headers })).statusCode,
    ).toBe(401);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/anschlussnutzer', headers: renewed }))
        .statusCode,
    ).toBe(200);
    expect((await login(server.app, '10005', 'Grüße-äß-€-2026')).response.statusCode).toBe(200);
    expect(passwordHeader('€')).toHaveLength(3);
  });

  const TOO_MANY_FAILURES =
    'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.';
  const statusesOf = async (
    attempts: number,
    attempt: (i: number) => ReturnType<typeof login>,
  ): Promise<number[]> => {
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) statuses.push((await attempt(i)).response.statusCode);
    return statuses;
  };
  const repeated = (status: number, times: number) => Array<number>(times).fill(status);

  it('throttles a customer number from one address after 5 failures, even for the right password; another address still logs in', async () => {
    server.clock.advanceSeconds(15 * 60 + 1);
    expect(
      await statusesOf(5, (i) => login(server.app, '10002', `falsch-${i}`, '198.51.100.1')),
    ).toEqual(repeated(401, 5));
    const blocked = await login(server.app, '10002', 'Demo-2026!', '198.51.100.1');
    expect(blocked.response.statusCode).toBe(429);
    expect(blocked.response.json().message).toBe(TOO_MANY_FAILURES);
    expect(
      (await login(server.app, '10002', 'Demo-2026!', '198.51.100.2')).response.statusCode,
    ).toBe(200);
    server.clock.advanceSeconds(15 * 60 + 1);
    expect(
      (await login(server.app, '10002', 'Demo-2026!', '198.51.100.1')).response.statusCode,
    ).toBe(200);
  });

  it("counts no refused attempt: a guesser's 429s do not lock the customer out, 30 failures from anywhere do", async () => {
    server.clock.advanceSeconds(15 * 60 + 1);
    const from = (address: string, password: string) =>
      login(server.app, '10002', password, address);
    expect(await statusesOf(5, (i) => from('203.0.113.1', `falsch-${i}`))).toEqual(
      repeated(401, 5),
    );
    expect(await statusesOf(20, (i) => from('203.0.113.1', `noch-${i}`))).toEqual(
      repeated(429, 20),
    );
    // Five more addresses with five failures each: 30 failures of the number in all.
    for (const host of [2, 3, 4, 5, 6]) {
      expect(await statusesOf(5, (i) => from(`203.0.113.${host}`, `falsch-${i}`))).toEqual(
        repeated(401, 5),
      );
    }
    const elsewhere = await from('203.0.113.7', 'Demo-2026!');
    expect(elsewhere.response.statusCode).toBe(429);
    expect(elsewhere.response.json().message).toBe(TOO_MANY_FAILURES);
    server.clock.advanceSeconds(15 * 60 + 1);
    expect((await from('203.0.113.7', 'Demo-2026!')).response.statusCode).toBe(200);
  });

  it('holds parallel guesses to the limit', async () => {
    server.clock.advanceSeconds(15 * 60 + 1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(server.app, '10001', `falsch-${i}`)),
    );
    const statuses = answers.map(({ response }) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('counts failures per client address, whatever X-Forwarded-For claims, without locking out the customers behind it', async () => {
    server.clock.advanceSeconds(15 * 60 + 1);
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/anschlussnutzer/login',
        headers: {
          kundennummer: String(900_000 + i),
          passwort: 'falsch',
          'x-forwarded-for': `203.0.113.${i}`,
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
    // The address is full, so a customer behind it waits; the same customer elsewhere does not.
    expect((await login(server.app, '10001', 'Demo-2026!')).response.statusCode).toBe(429);
    expect((await login(server.app, '10001', 'Demo-2026!', '192.0.2.44')).response.statusCode).toBe(
      200,
    );
    server.clock.advanceSeconds(15 * 60 + 1);
    expect((await login(server.app, '10001', 'Demo-2026!')).response.statusCode).toBe(200);
  });

  it('bounds successful logins of one customer to 20 in 15 minutes, before any password is hashed', async () => {
    server.clock.advanceSeconds(15 * 60 + 1);
    const logins = await statusesOf(20, (i) =>
      login(server.app, '10002', 'Demo-2026!', `192.0.2.${i + 1}`),
    );
    expect(logins).toEqual(repeated(200, 20));
    const more = await login(server.app, '10002', 'Demo-2026!', '192.0.2.99');
    expect(more.response.statusCode).toBe(429);
    expect(more.response.json().message).toBe(
      'Zu viele Anmeldungen in kurzer Zeit. Bitte versuchen Sie es in 15 Minuten erneut.',
    );
    // A wrong password is refused the same way: no hash is computed, nothing is counted.
    expect((await login(server.app, '10002', 'falsch', '192.0.2.99')).response.statusCode).toBe(
      429,
    );
    server.clock.advanceSeconds(15 * 60 + 1);
    expect((await login(server.app, '10002', 'Demo-2026!')).response.statusCode).toBe(200);
  });

  it('purges ended sessions and closed throttling windows, each by its own length', async () => {
    server.clock.advanceSeconds(3601);
    await login(server.app, '10002', 'falsch');
    const live = await sessionHeaders(server.app, '10002');
    const contact = await server.app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/kontaktanfrage',
      headers: live,
      payload: { betreff: 'SONSTIGES', text: 'Bitte rufen Sie mich zurück.' },
    });
    expect(contact.statusCode).toBe(201);
    server.clock.advanceSeconds(1801);
    await purgeLeftovers(server.db, server.config);
    expect(await server.db.select().from(sessions)).toEqual([]);
    // The login windows (15 minutes) are closed; the contact requests' (an hour) is still open.
    expect(
      (await server.db.select().from(throttleCounters)).map((row) => row.key.split(':')[0]),
    ).toEqual(['kontaktanfrage']);
    server.clock.advanceSeconds(1800);
    await purgeLeftovers(server.db, server.config);
    expect(await server.db.select().from(throttleCounters)).toEqual([]);
    const after = await server.app.inject({
      method: 'GET',
      url: '/api/anschlussnutzer',
      headers: live,
    });
    expect(after.statusCode).toBe(401);
  });
});
