import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type * as Argon2 from '@node-rs/argon2';
import { auditLog, customers, mailOutbox } from '../src/db/schema/index';
import { outboxMails } from './outbox-files';
import {
  backends,
  login,
  passwordHeader,
  PORTAL_URL,
  makeWebDist,
  sessionHeaders,
  startTestServer,
  type TestServer,
} from './harness';

// Counts the argon2 work per login, to prove an unknown number costs what a wrong password does.
const argon2 = vi.hoisted(() => ({ verifyCalls: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof Argon2>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      argon2.verifyCalls++;
      return original.verify(...args);
    },
  };
});

const RESET_URL = `${PORTAL_URL}/passwort/erneuern`;
const NEW_PASSWORD = 'Grüße-äß-€-2026';

describe.each(backends)('password reset on %s', (backend) => {
  let server: TestServer;
  let logText = '';
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => (logText += chunk.toString('utf8')));
    server = await startTestServer(backend, {
      logLevel: 'info',
      logStream,
      webDist: makeWebDist(),
    });
  });
  afterAll(() => server.close());

  const requestReset = (kundennummer: string, basisUrl = RESET_URL, ip = '198.51.100.7') =>
    server.app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/passwort_reset',
      headers: { kundennummer, basisUrl },
      remoteAddress: ip,
    });
  const completeReset = (token: string, password: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/passwort_reset_abschluss',
      headers: { token, neuesPasswort: passwordHeader(password) },
    });
  const checkLink = (token: string, ip = '198.51.100.7') =>
    server.app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/passwort_reset_pruefen',
      headers: { token },
      remoteAddress: ip,
    });
  const mailCount = async () => (await server.db.select().from(mailOutbox)).length;
  /** Delivers what is queued and answers the newest mail in the outbox, quoted-printable decoded. */
  async function newestMail(): Promise<string> {
    await server.app.mailer.deliverDue();
    return outboxMails(server.config.mail.outboxDir).at(-1)!;
  }
  const tokenOf = (mail: string) => {
    const match = /passwort\/erneuern\?token=([A-Za-z0-9_-]{43})/.exec(mail);
    if (!match?.[1]) throw new Error('no link in the mail');
    return match[1];
  };

  it('mails 10001 a link under the configured address, in German, with its validity', async () => {
    const response = await requestReset('10001');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      nachricht:
        'Wir haben eine E-Mail mit einem Link, mit dem Sie Ihr Passwort zurücksetzen können, an die bei uns hinterlegte Adresse verschickt.',
    });
    const mail = await newestMail();
    expect(mail).toMatch(/^To: max.mustermann@example.de$/m);
    expect(mail).toContain('Stadtwerke Musterstadt');
    expect(mail).toContain('60 Minuten gültig');
    expect(mail).toContain('Falls Sie kein neues Passwort angefordert haben');
    expect(mail).toContain('Content-Type: text/html');
    expect(tokenOf(mail)).toHaveLength(43);
  });

  it('sends nothing to a foreign address, and says 702 and 404 as spec §8.2 does', async () => {
    const before = await mailCount();
    const foreign = await requestReset('10001', 'https://angreifer.example/passwort/erneuern');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(
      'Die Adresse für das Zurücksetzen des Passworts ist nicht zulässig.',
    );
    const blocked = await requestReset('10004');
    expect(blocked.statusCode).toBe(702);
    const unknown = await requestReset('99999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(
      'Entweder ist zu dieser Kundennummer keine E-Mail-Adresse hinterlegt oder die Kundennummer ist uns unbekannt.',
    );
    expect(await mailCount()).toBe(before);
  });

  it('sets the password once, ends every session and uses up every other link', async () => {
    const session = await sessionHeaders(server.app, '10001');
    await requestReset('10001');
    const first = tokenOf(await newestMail());
    await requestReset('10001');
    const second = tokenOf(await newestMail());

    // The page asks first: both links are still open, and the answer says nothing else.
    for (const open of [first, second]) {
      const check = await checkLink(open);
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ nutzbar: true });
    }

    const tooShort = await completeReset(second, 'kurz');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toBe('Das Passwort muss mindestens 8 Zeichen lang sein.');

    const done = await completeReset(second, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ nachricht: 'Das Passwort wurde erfolgreich geändert.' });
    const notice = await newestMail();
    expect(notice).toMatch(/^To: max.mustermann@example.de$/m);
    expect(notice).toMatch(/Ihr[_ ]Passwort[_ ]wurde[_ ]geändert/);
    expect(notice).toContain('Alle Anmeldungen mit dem bisherigen Passwort wurden beendet.');
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/anschlussnutzer', headers: session }))
        .statusCode,
    ).toBe(401);
    expect((await login(server.app, '10001', NEW_PASSWORD)).response.statusCode).toBe(200);

    for (const used of [second, first, 'gefälscht-'.padEnd(43, 'x')]) {
      // Used, used up by the other, unknown: one answer for all, nothing of whose link it was.
      const check = await checkLink(used);
      expect(check.statusCode).toBe(200);
      expect(check.body).toBe('{"nutzbar":false}');
      const again = await completeReset(used, 'Noch-ein-Passwort-1');
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toMatch(/ungültig, abgelaufen oder wurde bereits verwendet/);
    }
    expect((await login(server.app, '10001', NEW_PASSWORD)).response.statusCode).toBe(200);
  });

  it('refuses a link older than 60 minutes', async () => {
    await requestReset('10005');
    const token = tokenOf(await newestMail());
    expect((await checkLink(token)).json()).toEqual({ nutzbar: true });
    server.clock.advanceSeconds(60 * 60 + 1);
    expect((await checkLink(token)).json()).toEqual({ nutzbar: false });
    expect((await completeReset(token, 'Spaeter-2026!')).statusCode).toBe(400);
    expect((await login(server.app, '10005', 'Demo-2026!')).response.statusCode).toBe(200);
  });

  it('mails a customer at most 3 reset links an hour, from any address; refused requests count nowhere', async () => {
    server.clock.advanceSeconds(60 * 60 + 1);
    const before = await mailCount();
    const statuses: number[] = [];
    for (const ip of ['198.51.100.20', '198.51.100.21', '198.51.100.22', '198.51.100.23']) {
      statuses.push((await requestReset('10002', RESET_URL, ip)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await mailCount()).toBe(before + 3);
    const refused = await requestReset('10002', RESET_URL, '198.51.100.20');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Für diese Kundennummer wurden in der letzten Stunde bereits 3 E-Mails zum Zurücksetzen des Passworts versendet. Bitte prüfen Sie Ihr Postfach, auch den Spam-Ordner, oder versuchen Sie es in einer Stunde erneut.',
    );
    // Another customer from the same addresses is not held up by it.
    expect((await requestReset('10001', RESET_URL, '198.51.100.23')).statusCode).toBe(200);
    server.clock.advanceSeconds(60 * 60 + 1);
    expect((await requestReset('10002', RESET_URL, '198.51.100.20')).statusCode).toBe(200);
    expect(await mailCount()).toBe(before + 5);
  });

  it('throttles reset requests per customer number and address, and per client address', async () => {
    server.clock.advanceSeconds(60 * 60 + 1);
    // 10004 has no portal access (702): no mail, so only the request limits count.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestReset('10004')).statusCode);
    expect(statuses).toEqual([702, 702, 702, 702, 702, 429]);
    expect((await requestReset('10004', RESET_URL, '198.51.100.8')).statusCode).toBe(702);

    server.clock.advanceSeconds(15 * 60 + 1);
    const byAddress: number[] = [];
    for (let i = 0; i < 51; i++) {
      byAddress.push((await requestReset(String(20000 + i), RESET_URL, '203.0.113.9')).statusCode);
    }
    expect(byAddress.slice(0, 50).every((status) => status === 404)).toBe(true);
    expect(byAddress[50]).toBe(429);
    expect((await requestReset('10004', RESET_URL, '203.0.113.10')).statusCode).toBe(702);
  });

  it('counts link checks per client address: 50 in 15 minutes, then a German 429', async () => {
    const ip = '198.51.100.60';
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      statuses.push((await checkLink(`probe-${i}`.padEnd(43, 'y'), ip)).statusCode);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await checkLink('probe'.padEnd(43, 'z'), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Zu viele Prüfungen von Links .* in 15 Minuten erneut\.$/,
    );
    expect((await checkLink('probe'.padEnd(43, 'z'), '198.51.100.61')).statusCode).toBe(200);
    server.clock.advanceSeconds(15 * 60 + 1);
    expect((await checkLink('probe'.padEnd(43, 'z'), ip)).statusCode).toBe(200);
  });

  it('writes every login, failure, change and reset to the audit log with the address', async () => {
    server.clock.advanceSeconds(15 * 60 + 1);
    await login(server.app, '10002', 'falsch-falsch');
    const headers = await sessionHeaders(server.app, '10002');
    await server.app.inject({
      method: 'PUT',
      url: '/api/anschlussnutzer/passwort_aendern',
      headers,
      payload: { altesPasswort: 'Demo-2026!', neuesPasswort: 'Baeckerei-2027!' },
    });
    const [baeckerei] = await server.db
      .select()
      .from(customers)
      .where(eq(customers.kundennummer, '10002'));
    const rows = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.customerId, baeckerei!.id));
    const actions = rows.map((row) => row.action);
    for (const action of [
      'ANMELDUNG_FEHLGESCHLAGEN',
      'ANMELDUNG',
      'PASSWORT_GEAENDERT',
      'PASSWORT_RESET_ANGEFORDERT',
    ]) {
      expect(actions).toContain(action);
    }
    const [max] = await server.db
      .select()
      .from(customers)
      .where(eq(customers.kundennummer, '10001'));
    const maxActions = (
      await server.db.select().from(auditLog).where(eq(auditLog.customerId, max!.id))
    ).map((row) => row.action);
    expect(maxActions).toContain('PASSWORT_ZURUECKGESETZT');
    for (const row of rows) {
      expect(row.details).toHaveProperty('adresse');
      expect(JSON.stringify(row.details)).not.toMatch(/Demo-2026|Baeckerei-2027|falsch-falsch/);
      expect(row.createdAt).toBeInstanceOf(Date);
    }
  });

  it('answers a new token for a password change, ends every session and open link, and tells the customer', async () => {
    server.clock.advanceSeconds(60 * 60 + 1);
    const own = await sessionHeaders(server.app, '10003', 'Start-2026!').catch(() => undefined);
    expect(own).toBeUndefined(); // 10003 must change first: no session from login
    const first = await sessionHeaders(server.app, '10002', 'Baeckerei-2027!');
    const second = await sessionHeaders(server.app, '10002', 'Baeckerei-2027!');
    // a link asked for before the change must not set a password after it
    expect((await requestReset('10002')).statusCode).toBe(200);
    const linkBefore = tokenOf(await newestMail());
    const change = await server.app.inject({
      method: 'PUT',
      url: '/api/anschlussnutzer/passwort_aendern',
      headers: first,
      payload: { altesPasswort: 'Baeckerei-2027!', neuesPasswort: 'Baeckerei-2028!' },
    });
    expect(change.statusCode).toBe(200);
    const renewed = { ...first, token: String(change.headers['token']) };
    expect(renewed.token).not.toBe(first.token);
    const status = async (headers: Record<string, string>) =>
      (await server.app.inject({ method: 'GET', url: '/api/anschlussnutzer', headers })).statusCode;
    expect(await status(renewed)).toBe(200);
    expect(await status(first)).toBe(401);
    expect(await status(second)).toBe(401);
    const notice = await newestMail();
    expect(notice).toMatch(/Ihr[_ ]Passwort[_ ]wurde[_ ]geändert/);
    expect(notice).toContain('Falls Sie das nicht waren');
    expect((await completeReset(linkBefore, 'Nach-Aenderung-2028!')).statusCode).toBe(400);
    expect((await login(server.app, '10002', 'Baeckerei-2028!')).response.statusCode).toBe(200);
  });

  it('does the argon2 work for an unknown number as for a wrong password', async () => {
    server.clock.advanceSeconds(15 * 60 + 1);
    argon2.verifyCalls = 0;
    const wrong = await login(server.app, '10005', 'falsches-Passwort');
    const afterWrong = argon2.verifyCalls;
    const unknown = await login(server.app, '77777', 'falsches-Passwort');
    expect(afterWrong).toBe(1);
    expect(argon2.verifyCalls).toBe(2);
    expect(unknown.response.statusCode).toBe(wrong.response.statusCode);
    expect(unknown.response.json()).toEqual(wrong.response.json());
  });

  it('marks API answers no-store and forbids framing; pages send no referrer', async () => {
    const headers = await sessionHeaders(server.app, '10005');
    const api = await server.app.inject({ method: 'GET', url: '/api/anschlussnutzer', headers });
    expect(api.headers['cache-control']).toBe('no-store');
    const page = await server.app.inject({ method: 'GET', url: '/passwort/erneuern?token=x' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('writes no password, token, reset token or IBAN into the log', async () => {
    const headers = await sessionHeaders(server.app, '10005');
    await requestReset('10005');
    const mail = await newestMail();
    await completeReset(tokenOf(mail), 'Log-Pruefung-2026!');
    await server.app.inject({
      method: 'GET',
      url: '/api/bankverbindung/pruefe?iban=DE89370400440532013000',
      headers,
    });
    // The log writes the lines of a turn when the turn is over: wait for the last request's.
    await vi.waitFor(() => expect(logText).toContain('"path":"/api/bankverbindung/pruefe"'));
    expect(logText).toContain('"path":"/api/anschlussnutzer/passwort_reset"');
    for (const secret of [
      headers.token,
      tokenOf(mail),
      'Log-Pruefung-2026',
      'Demo-2026',
      passwordHeader(NEW_PASSWORD),
      'DE89370400440532013000',
    ]) {
      expect(logText).not.toContain(secret);
    }
  });
});
