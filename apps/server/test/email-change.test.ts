/**
 * A borrowed session must not become a takeover: the e-mail address (where reset links go)
 * changes only with the password, once the new address confirms it, and the old address can
 * take it back, which ends every session.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers, passwordResetTokens } from '../src/db/schema/index';
import { MAX_SESSIONS_PER_CUSTOMER } from '../src/modules/auth/service';
import { expectGermanError } from './german-messages';
import {
  backends,
  login,
  passwordHeader,
  PORTAL_URL,
  sessionHeaders,
  startTestServer,
  type TestServer,
} from './harness';

describe.each(backends)('e-mail changes on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());

  const update = (headers: Record<string, string>, email: string | null, festnetz = '030 1') =>
    server.app.inject({
      method: 'PUT',
      url: '/api/anschlussnutzer/kontaktdatenAktualisieren',
      headers,
      payload: { email, festnetz, mobil: null, fax: null },
    });
  const stored = async (kundennummer: string) =>
    (await server.db.select().from(customers).where(eq(customers.kundennummer, kundennummer)))[0]!;
  const link = (path: 'email_bestaetigen' | 'email_widerrufen', token: string) =>
    server.app.inject({ method: 'POST', url: `/api/anschlussnutzer/${path}`, headers: { token } });
  /** The mails delivered so far, decoded, newest last. */
  async function mails(): Promise<string[]> {
    await server.app.mailer.deliverDue();
    const dir = server.config.mail.outboxDir;
    return readdirSync(dir)
      .sort()
      .map((file) =>
        Buffer.from(
          readFileSync(join(dir, file), 'latin1')
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
      );
  }
  const tokenIn = (mail: string, path: string) => {
    const match = new RegExp(`${PORTAL_URL}${path}\\?token=([A-Za-z0-9_-]{43})`).exec(mail);
    if (!match?.[1]) throw new Error(`no ${path} link in the mail`);
    return match[1];
  };

  it('asks for the password before the address changes, and writes nothing without it', async () => {
    const session = await sessionHeaders(server.app, '10001');
    const missing = await update(session, 'angreifer@example.org', '030 999');
    expect(missing.statusCode).toBe(400);
    expectGermanError(missing.json());
    expect(missing.json().felder.passwort).toBe(
      'Bitte geben Sie Ihr aktuelles Passwort ein, um die E-Mail-Adresse zu ändern.',
    );
    const wrong = await update(
      { ...session, passwort: passwordHeader('geraten') },
      'angreifer@example.org',
      '030 999',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().felder.passwort).toBe('Das Passwort ist nicht korrekt.');
    const customer = await stored('10001');
    expect(customer.email).toBe('max.mustermann@example.de');
    expect(customer.festnetz).not.toBe('030 999');
  });

  it('keeps the old address until the new one confirms, tells the old one, ends open reset links', async () => {
    const session = await sessionHeaders(server.app, '10001');
    await server.app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/passwort_reset',
      headers: { kundennummer: '10001', basisUrl: server.config.passwordResetUrl },
    });
    const before = (await mails()).length;
    const answer = await update(
      { ...session, passwort: passwordHeader('Demo-2026!') },
      'max.neu@example.de',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().email).toBe('max.mustermann@example.de');
    expect(answer.json().festnetz).toBe('030 1');
    const pending = await server.app.inject({
      method: 'GET',
      url: '/api/anschlussnutzer/emailAenderung',
      headers: session,
    });
    expect(pending.json()).toEqual({ neueEmail: 'max.neu@example.de' });
    const open = await server.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.customerId, (await stored('10001')).id));
    expect(open.every((token) => token.usedAt !== null)).toBe(true);

    const sent = (await mails()).slice(before);
    const confirmMail = sent.find((mail) => /^To: max.neu@example.de$/m.test(mail))!;
    const noticeMail = sent.find((mail) => /^To: max.mustermann@example.de$/m.test(mail))!;
    expect(confirmMail).toContain('24 Stunden gültig');
    expect(noticeMail).toContain('max.neu@example.de');
    expect(noticeMail).toContain('Das war ich nicht');

    const confirmToken = tokenIn(confirmMail, '/email/bestaetigen');
    const confirmed = await link('email_bestaetigen', confirmToken);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().nachricht).toMatch(/bestätigt/);
    expect((await stored('10001')).email).toBe('max.neu@example.de');
    const again = await link('email_bestaetigen', confirmToken);
    expect(again.statusCode).toBe(400);
    expectGermanError(again.json());

    // "Das war ich nicht" from the old address: back to it, and every session ends.
    const revoked = await link('email_widerrufen', tokenIn(noticeMail, '/email/widerrufen'));
    expect(revoked.statusCode).toBe(200);
    expect((await stored('10001')).email).toBe('max.mustermann@example.de');
    const after = await server.app.inject({
      method: 'GET',
      url: '/api/anschlussnutzer',
      headers: session,
    });
    expect(after.statusCode).toBe(401);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_CUSTOMER} sessions of a customer, ending the oldest`, async () => {
    const sessions = [];
    for (let i = 0; i <= MAX_SESSIONS_PER_CUSTOMER; i++) {
      sessions.push(await sessionHeaders(server.app, '10002'));
      server.clock.advanceSeconds(1);
    }
    const status = async (headers: Record<string, string>) =>
      (await server.app.inject({ method: 'GET', url: '/api/anschlussnutzer', headers })).statusCode;
    expect(await status(sessions[0]!)).toBe(401);
    for (const live of sessions.slice(1)) expect(await status(live)).toBe(200);
    expect((await login(server.app, '10002', 'Demo-2026!')).response.statusCode).toBe(200);
    expect(await status(sessions[1]!)).toBe(401);
  });
});
