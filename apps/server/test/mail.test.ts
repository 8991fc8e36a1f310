import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { isNull } from 'drizzle-orm';
import { loadMandant, readEnv } from '../src/config';
import { mailOutbox } from '../src/db/schema/index';
import { composeMail } from '../src/mail/compose';
import { passwordChangedMail } from '../src/modules/auth/password-changed-mail';
import { createMailer } from '../src/mail/mailer';
import { createMailTransport, type MailMessage, type MailTransport } from '../src/mail/transport';
import { backends, startTestServer, type TestServer } from './harness';

const mandant = loadMandant('standard');
const sample = () =>
  composeMail(mandant, {
    kind: 'KONTAKTANFRAGE',
    to: 'max.mustermann@example.de',
    subject: 'Ihre Ablesung <Test>',
    greeting: 'Guten Tag Herr Mustermann,',
    paragraphs: ['Wir haben Ihre Ablesung erhalten.'],
    facts: [['Zähler', '1ESY1160123456']],
  });

describe.each(backends)('mail outbox on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());

  it('writes a queued mail as an .eml file in the outbox and blanks the stored body', async () => {
    await server.app.mailer.enqueue(server.db, sample());
    await server.app.mailer.deliverDue();
    const files = readdirSync(server.config.mail.outboxDir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(server.config.mail.outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: max.mustermann@example.de$/m);
    expect(eml).toContain('Stadtwerke Musterstadt');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(await server.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt))).toEqual([]);
    const [row] = await server.db.select().from(mailOutbox);
    expect(row?.textBody).toBe('');
  });

  it('keeps a mail the transport refuses and sends it once the transport is back', async () => {
    const sent: MailMessage[] = [];
    let down = true;
    const transport: MailTransport = {
      send: (message) => {
        if (down) return Promise.reject(new Error('ECONNREFUSED'));
        sent.push(message);
        return Promise.resolve(undefined);
      },
      close: () => undefined,
    };
    const clock = { now: new Date() };
    const mailer = createMailer({
      db: server.db,
      transport,
      from: 'portal@example.de',
      log: server.app.log,
      now: () => clock.now,
      // The test server's key, which sealed the mails its own mailer enqueued.
      key: server.config.mail.key ?? Buffer.alloc(32),
    });
    await server.app.mailer.enqueue(server.db, sample());
    await mailer.deliverDue();
    expect(sent).toEqual([]);
    const [pending] = await server.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt));
    expect(pending?.lastError).toBe('ECONNREFUSED');

    down = false;
    await mailer.deliverDue();
    expect(sent).toEqual([]); // not due yet: backoff
    clock.now = new Date(clock.now.getTime() + 15 * 60_000);
    await mailer.deliverDue();
    expect(sent.map((mail) => mail.subject)).toEqual(['Ihre Ablesung <Test>']);
    expect(sent[0]?.html).toContain('Ihre Ablesung &lt;Test&gt;');
    await mailer.stop();
  });
});

describe('a mail of each variant', () => {
  it.each(['standard', 'kuestenwerk'])(
    'carries the %s colour, a button for its link and the company in its footer',
    (name) => {
      const variant = loadMandant(name);
      const mail = composeMail(variant, {
        kind: 'PASSWORT_RESET',
        to: 'max.mustermann@example.de',
        subject: 'Ihr neues Passwort',
        greeting: 'Guten Tag,',
        paragraphs: ['Über den folgenden Link vergeben Sie ein neues Passwort.'],
        link: {
          url: 'https://portal.example/passwort/erneuern?token=abc&x=<1>',
          label: 'Neues Passwort vergeben',
        },
      });
      const { firma } = variant;
      expect(mail.html).toContain(`background:${variant.farben.primaer}`);
      expect(mail.html).toMatch(
        /<a href="https:\/\/portal\.example\/passwort\/erneuern\?token=abc&amp;x=&lt;1&gt;" style="display:inline-block;[^"]*">Neues Passwort vergeben<\/a>/,
      );
      expect(mail.html).toContain(firma.name.replaceAll('&', '&amp;'));
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(firma.registereintrag);
        expect(part).toContain(`USt-IdNr. ${firma.ustId}`);
        expect(part).toContain(firma.telefon);
        expect(part).toContain(variant.serviceEmail);
        expect(part).toContain('Antworten darauf lesen wir nicht');
      }
      expect(mail.text).toContain(`${firma.name} · ${firma.anschrift.join(', ')}`);
      expect(mail.text).toContain(`Impressum: ${firma.impressumUrl}`);
      expect(mail.html).toContain(
        `<a href="${firma.impressumUrl}" style="color:#4b5563">Impressum</a>`,
      );
      expect(mail.replyTo).toBeUndefined();
    },
  );

  it('leaves out "do not answer" where answers are read, and names where they go', () => {
    const mail = composeMail(mandant, {
      kind: 'KONTAKTANFRAGE',
      to: mandant.serviceEmail,
      subject: 'Kontaktanfrage',
      greeting: 'Guten Tag,',
      paragraphs: ['Text'],
      replyTo: 'max.mustermann@example.de',
    });
    expect(mail.replyTo).toBe('max.mustermann@example.de');
    expect(mail.text).not.toContain('Antworten darauf lesen wir nicht');
  });

  it("writes the customer number with the variant's prefix and keeps it whole on a phone", () => {
    const config = { ...readEnv({}).config, mandant: loadMandant('kuestenwerk') };
    const customer = {
      anrede: 'Herr' as const,
      titel: null,
      vorname: 'Max',
      nachname: 'Mustermann',
      firma: null,
    };
    const mail = passwordChangedMail(
      config,
      { ...customer, kundennummer: '10001' },
      'max@example.de',
      false,
    );
    expect(mail.text).toContain('das Passwort für Ihre Kundennummer KW-10001 im Kundenportal');
    expect(mail.html).toContain('<span style="white-space:nowrap">KW-10001</span>');
  });
});

describe('the outbox directory', () => {
  it('names the files so that sorted by name they are in the order they were written', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'kundenportal-outbox-order-'));
    const transport = createMailTransport({ outboxDir });
    const written: string[] = [];
    // All in one millisecond, past the ninth: "-10" must not sort before "-9".
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    for (let i = 1; i <= 12; i++) {
      const file = await transport.send({
        from: 'portal@example.de',
        to: 'max.mustermann@example.de',
        subject: `Mail ${i}`,
        text: `Mail ${i}`,
        html: `<p>Mail ${i}</p>`,
      });
      written.push(basename(file!));
    }
    transport.close();
    expect(readdirSync(outboxDir).sort()).toEqual(written);
  });
});
