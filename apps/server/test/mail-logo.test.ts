import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import type { Mandant } from '@kundenportal/contract';
import { loadMandant } from '../src/config';
import { mailOutbox } from '../src/db/schema/index';
import { composeMail } from '../src/mail/compose';
import { createMailLogo, withLogo } from '../src/mail/logo';
import { createMailer } from '../src/mail/mailer';
import { createMailTransport } from '../src/mail/transport';
import { startTestServer, type TestServer } from './harness';
import { parsedOutboxMails, pngSize } from './outbox-files';

const resetMail = (variant: ReturnType<typeof loadMandant>) =>
  composeMail(variant, {
    kind: 'PASSWORT_RESET',
    to: 'max.mustermann@example.de',
    subject: 'Ihr neues Passwort',
    greeting: 'Guten Tag,',
    paragraphs: ['Über den folgenden Link vergeben Sie ein neues Passwort.'],
    link: { url: 'https://portal.example/passwort/erneuern?token=abc', label: 'Passwort vergeben' },
  });

/** The size the SVG file itself states: the mail shows the logo at it. */
function svgSize(file: string) {
  const root = /<svg\b[^>]*>/.exec(readFileSync(file, 'utf8'))![0];
  const attribute = (name: string) => Number(new RegExp(`\\s${name}="(\\d+)"`).exec(root)![1]);
  return { width: attribute('width'), height: attribute('height') };
}

const WEB_PUBLIC = join(import.meta.dirname, '../../web/public');

describe('the logo in a sent mail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  /**
   * The variant's mailer as app.ts makes it, on the test server's database, writing to an
   * outbox folder of its own. The standard variant's is the test server's own.
   */
  function mailerOf(mandant: Mandant, publicDir: string, log: FastifyBaseLogger) {
    const outboxDir = mkdtempSync(join(tmpdir(), 'kundenportal-outbox-'));
    const mailer = createMailer({
      db: server.db,
      transport: createMailTransport({ outboxDir }),
      from: `"${mandant.name}" <${mandant.absenderEmail}>`,
      log,
      now: server.config.now,
      logo: createMailLogo({ mandant, publicDir, log }),
      // The test server's key, which sealed the mails its own mailer enqueued.
      key: server.config.mail.key ?? Buffer.alloc(32),
    });
    return { mailer, outboxDir };
  }

  it.each(['standard', 'kuestenwerk'])(
    'carries the %s logo as an inline PNG at twice the SVG size, named by the HTML by its Content-ID',
    async (name) => {
      const variant = loadMandant(name);
      const own = name === 'standard';
      const { mailer, outboxDir } = own
        ? { mailer: server.app.mailer, outboxDir: server.config.mail.outboxDir }
        : mailerOf(variant, WEB_PUBLIC, server.app.log);
      await server.app.mailer.enqueue(server.db, resetMail(variant));
      await server.app.mailer.enqueue(server.db, resetMail(variant));
      await mailer.deliverDue();
      if (!own) await mailer.stop();
      const mails = await parsedOutboxMails(outboxDir);
      expect(mails).toHaveLength(2);
      const expected = svgSize(join(server.config.webPublicDir, variant.logoUrl!));
      for (const mail of mails) {
        expect(mail.attachments).toHaveLength(1);
        const [logo] = mail.attachments;
        expect(logo).toMatchObject({
          contentType: 'image/png',
          contentDisposition: 'inline',
          // A part of multipart/related beside the HTML: shown in it, not listed as an attachment.
          related: true,
        });
        const contentId = logo!.cid!;
        const domain = variant.absenderEmail.split('@')[1]!;
        expect(contentId).toBe(`logo@${domain}`);
        expect(mail.html).toContain(
          `<img src="cid:${contentId}" alt="${variant.name}" width="${expected.width}" height="${expected.height}"`,
        );
        // Nothing is fetched: no remote image, no other image at all.
        expect(String(mail.html).match(/<img\b/g)).toHaveLength(1);
        expect(mail.html).not.toMatch(/src="(https?|data):/);

        const png = logo!.content;
        expect(pngSize(png)).toEqual({ width: 2 * expected.width, height: 2 * expected.height });
        // A real image, decodable, and not a blank rectangle.
        const decoded = await sharp(png).metadata();
        expect([decoded.format, decoded.width, decoded.height]).toEqual([
          'png',
          2 * expected.width,
          2 * expected.height,
        ]);
        const { channels } = await sharp(png).stats();
        expect(channels.some((channel) => channel.min !== channel.max)).toBe(true);
      }
      // Rendered once for the process: both mails carry the same bytes.
      expect(mails[1]!.attachments[0]!.content.equals(mails[0]!.attachments[0]!.content)).toBe(
        true,
      );
    },
  );

  it.each([
    ['is not valid SVG', '<svg xmlns="http://www.w3.org/2000/svg" width="10"'],
    ['is missing', undefined],
  ])(
    'loses no mail when the logo file %s: it goes out with the name, and a warning is logged',
    async (_, svg) => {
      const publicDir = mkdtempSync(join(tmpdir(), 'kundenportal-public-'));
      const variant = loadMandant('standard');
      if (svg !== undefined) {
        mkdirSync(join(publicDir, 'logos'));
        writeFileSync(join(publicDir, variant.logoUrl!), svg);
      }
      const warnings: string[] = [];
      const log = Object.create(server.app.log, {
        warn: { value: (_fields: object, message: string) => warnings.push(message) },
      }) as FastifyBaseLogger;
      const { mailer, outboxDir } = mailerOf(variant, publicDir, log);
      await server.app.mailer.enqueue(server.db, resetMail(variant));
      await mailer.deliverDue();
      await mailer.stop();
      const [mail, ...others] = await parsedOutboxMails(outboxDir);
      expect(others).toEqual([]);
      expect(mail!.subject).toBe('Ihr neues Passwort');
      expect(mail!.attachments).toEqual([]);
      expect(mail!.html).not.toContain('<img');
      expect(mail!.html).toContain(`${variant.name}<!--/logo-->`);
      expect(mail!.text).toContain('Passwort vergeben: https://portal.example/');
      expect(await server.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt))).toEqual(
        [],
      );
      expect(warnings).toEqual(['mail logo could not be rendered, mails go without it']);
    },
  );
});

describe('the logo source', () => {
  // Fastify's logger without output.
  const log = Fastify({ logger: false }).log;

  it('renders once per process', async () => {
    const logos = createMailLogo({
      mandant: loadMandant('kuestenwerk'),
      publicDir: WEB_PUBLIC,
      log,
    });
    const first = await logos.get();
    expect(first).toBeDefined();
    expect(await logos.get()).toBe(first);
  });

  it('has none for a variant without a logo or with one outside the web app', async () => {
    for (const logoUrl of [null, 'https://cdn.example/logo.svg', '/../../config/x.svg']) {
      const mandant = { ...loadMandant('standard'), logoUrl };
      expect(await createMailLogo({ mandant, publicDir: WEB_PUBLIC, log }).get()).toBeUndefined();
    }
  });

  it('leaves a mail composed without a place for the logo as it is', () => {
    const logo = {
      png: Buffer.from(''),
      contentId: 'logo@example.de',
      width: 10,
      height: 10,
      alt: 'X',
    };
    expect(withLogo('<p>alt</p>', logo)).toEqual({ html: '<p>alt</p>', used: false });
  });
});
