/**
 * A borrowed session must not become a takeover: the e-mail address (where reset links go)
 * changes only with the password, once the new address confirms it, and the old address can
 * take it back, which ends every session.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EmailChangeMessages } from '@kundenportal/contract';
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

  it.each([
    ['email_bestaetigen', 'Der Bestätigungslink ist unvollständig.'],
    ['email_widerrufen', 'Der Link zum Zurücknehmen der Änderung ist unvollständig.'],
  ] as const)('%s without its token names its own link, not the reset link', async (path, text) => {
    for (const headers of [{}, { token: '' }, { token: 'x'.repeat(101) }]) {
      const answer = await server.app.inject({
        method: 'POST',
        url: `/api/anschlussnutzer/${path}`,
        headers,
      });
      expect(answer.statusCode).toBe(400);
      expectGermanError(answer.json());
      expect(answer.json().message).toContain(text);
      expect(answer.json().message).not.toContain('Zurücksetzen');
    }
  });

  describe('a password change or a completed reset ends the change an attacker waits to confirm', () => {
    const owner = 'lena.leer@example.de';
    const passwordChangedTo = (sent: string[]) =>
      sent.find((mail) => mail.includes(`To: ${owner}`) && mail.includes('das Passwort für Ihre'))!;

    it('a password change ends it, and its mail says so', async () => {
      const session = await sessionHeaders(server.app, '10005');
      let before = (await mails()).length;
      await update({ ...session, passwort: passwordHeader('Demo-2026!') }, 'dieb1@example.org');
      const confirm = tokenIn(
        (await mails()).slice(before).find((mail) => mail.includes('To: dieb1@example.org'))!,
        '/email/bestaetigen',
      );
      before = (await mails()).length;
      const changed = await server.app.inject({
        method: 'PUT',
        url: '/api/anschlussnutzer/passwort_aendern',
        headers: session,
        payload: { altesPasswort: 'Demo-2026!', neuesPasswort: 'Eigenes-2026!' },
      });
      expect(changed.statusCode).toBe(200);
      expect(passwordChangedTo((await mails()).slice(before))).toContain(
        'Eine noch nicht bestätigte Änderung Ihrer E-Mail-Adresse wurde damit ebenfalls beendet',
      );
      const late = await link('email_bestaetigen', confirm);
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(EmailChangeMessages.confirmInvalid);
      expect((await stored('10005')).email).toBe(owner);
    });

    it('a completed reset ends it, and its mail says so', async () => {
      const { token } = await login(server.app, '10005', 'Eigenes-2026!');
      const session = { token: token!, kundennummer: '10005' };
      let before = (await mails()).length;
      await update({ ...session, passwort: passwordHeader('Eigenes-2026!') }, 'dieb2@example.org');
      const confirm = tokenIn(
        (await mails()).slice(before).find((mail) => mail.includes('To: dieb2@example.org'))!,
        '/email/bestaetigen',
      );
      before = (await mails()).length;
      await server.app.inject({
        method: 'POST',
        url: '/api/anschlussnutzer/passwort_reset',
        headers: { kundennummer: '10005', basisUrl: server.config.passwordResetUrl },
      });
      const resetMail = (await mails()).slice(before).find((mail) => mail.includes(owner))!;
      const resetToken = /token=([A-Za-z0-9_-]{43})/.exec(resetMail)![1]!;
      before = (await mails()).length;
      const done = await server.app.inject({
        method: 'POST',
        url: '/api/anschlussnutzer/passwort_reset_abschluss',
        headers: { token: resetToken, neuesPasswort: passwordHeader('Zurueck-2026!') },
      });
      expect(done.statusCode).toBe(200);
      expect(passwordChangedTo((await mails()).slice(before))).toContain(
        'Eine noch nicht bestätigte Änderung Ihrer E-Mail-Adresse wurde damit ebenfalls beendet',
      );
      expect((await link('email_bestaetigen', confirm)).statusCode).toBe(400);
      expect((await stored('10005')).email).toBe(owner);
    });

    it('a password change with nothing open says nothing of an e-mail change', async () => {
      const { token } = await login(server.app, '10005', 'Zurueck-2026!');
      const before = (await mails()).length;
      const changed = await server.app.inject({
        method: 'PUT',
        url: '/api/anschlussnutzer/passwort_aendern',
        headers: { token: token!, kundennummer: '10005' },
        payload: { altesPasswort: 'Zurueck-2026!', neuesPasswort: 'Demo-2026!' },
      });
      expect(changed.statusCode).toBe(200);
      const mail = passwordChangedTo((await mails()).slice(before));
      expect(mail).toContain('Alle Anmeldungen mit dem bisherigen Passwort wurden beendet.');
      expect(mail).not.toContain('E-Mail-Adresse wurde damit');
    });
  });

  describe("a change confirmed by whoever made it cannot defeat the owner's revoke link", () => {
    const owner = 'max.mustermann@example.de';
    const withPassword = async () => ({
      ...(await sessionHeaders(server.app, '10001')),
      passwort: passwordHeader('Demo-2026!'),
    });
    const sentTo = (sent: string[], to: string) =>
      sent.filter((mail) => new RegExp(`^To: ${to.replace(/\./g, '\\.')}$`, 'm').test(mail));
    const resetCheck = (token: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/anschlussnutzer/passwort_reset_pruefen',
        headers: { token },
      });

    it("restores the owner's address over two confirmed changes and ends what followed", async () => {
      const session = await withPassword();
      let before = (await mails()).length;
      expect((await update(session, 'evil1@example.org')).statusCode).toBe(200);
      let sent = (await mails()).slice(before);
      const ownerRevoke = tokenIn(sentTo(sent, owner)[0]!, '/email/widerrufen');
      const confirm1 = tokenIn(sentTo(sent, 'evil1@example.org')[0]!, '/email/bestaetigen');
      expect((await link('email_bestaetigen', confirm1)).statusCode).toBe(200);

      before = (await mails()).length;
      expect((await update(session, 'evil2@example.org')).statusCode).toBe(200);
      sent = (await mails()).slice(before);
      // The owner's link is still open, so the owner hears of this change too.
      const ownerNotice = sentTo(sent, owner);
      expect(ownerNotice).toHaveLength(1);
      expect(ownerNotice[0]).toContain('evil2@example.org');
      const attackerRevoke = tokenIn(sentTo(sent, 'evil1@example.org')[0]!, '/email/widerrufen');
      const confirm2 = tokenIn(sentTo(sent, 'evil2@example.org')[0]!, '/email/bestaetigen');
      expect((await link('email_bestaetigen', confirm2)).statusCode).toBe(200);
      expect((await stored('10001')).email).toBe('evil2@example.org');

      before = (await mails()).length;
      await server.app.inject({
        method: 'POST',
        url: '/api/anschlussnutzer/passwort_reset',
        headers: { kundennummer: '10001', basisUrl: server.config.passwordResetUrl },
      });
      const resetMail = sentTo((await mails()).slice(before), 'evil2@example.org')[0]!;
      const resetToken = /token=([A-Za-z0-9_-]{43})/.exec(resetMail)![1]!;
      expect((await resetCheck(resetToken)).json()).toEqual({ nutzbar: true });

      const revoked = await link('email_widerrufen', ownerRevoke);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().nachricht).toContain('zurückgenommen');
      expect((await stored('10001')).email).toBe(owner);
      const after = await server.app.inject({
        method: 'GET',
        url: '/api/anschlussnutzer',
        headers: session,
      });
      expect(after.statusCode).toBe(401);
      expect((await resetCheck(resetToken)).json()).toEqual({ nutzbar: false });
      // The later change ended with it: its own revoke link cannot move the address to evil1.
      expect((await link('email_widerrufen', attackerRevoke)).statusCode).toBe(400);
      expect((await stored('10001')).email).toBe(owner);
    });

    it('ends a later change that was only asked for, so it cannot be confirmed afterwards', async () => {
      const session = await withPassword();
      let before = (await mails()).length;
      await update(session, 'evil1@example.org');
      let sent = (await mails()).slice(before);
      const ownerRevoke = tokenIn(sentTo(sent, owner)[0]!, '/email/widerrufen');
      await link(
        'email_bestaetigen',
        tokenIn(sentTo(sent, 'evil1@example.org')[0]!, '/email/bestaetigen'),
      );
      before = (await mails()).length;
      await update(session, 'evil2@example.org');
      sent = (await mails()).slice(before);
      const confirm2 = tokenIn(sentTo(sent, 'evil2@example.org')[0]!, '/email/bestaetigen');

      expect((await link('email_widerrufen', ownerRevoke)).statusCode).toBe(200);
      expect((await stored('10001')).email).toBe(owner);
      const late = await link('email_bestaetigen', confirm2);
      expect(late.statusCode).toBe(400);
      expectGermanError(late.json());
      expect((await stored('10001')).email).toBe(owner);
    });

    it('never says "zurückgenommen" when nothing was restored', async () => {
      const session = await withPassword();
      const before = (await mails()).length;
      await update(session, 'evil3@example.org');
      const sent = (await mails()).slice(before);
      const revoked = await link(
        'email_widerrufen',
        tokenIn(sentTo(sent, owner)[0]!, '/email/widerrufen'),
      );
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().nachricht).not.toContain('zurückgenommen');
      expect(revoked.json().nachricht).toContain('bleibt');
      expect((await stored('10001')).email).toBe(owner);
    });
  });
});
