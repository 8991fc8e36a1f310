import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMandant } from '../src/config';
import { outboxMails } from './outbox-files';
import {
  backends,
  passwordHeader,
  sessionHeaders,
  startTestServer,
  type TestServer,
} from './harness';

/**
 * Küstenwerk prints its customer numbers as "KW-10001" (config/mandanten/kuestenwerk.json): every
 * mail a customer's action sends says the number so, never bare.
 */
describe.each(backends)('the mails of the kuestenwerk variant on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { mandant: loadMandant('kuestenwerk') });
  });
  afterAll(() => server.close());

  it('name the customer number with its prefix, in text and HTML', async () => {
    const { app, config } = server;
    const reset = await app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/passwort_reset',
      headers: { kundennummer: '10001', basisUrl: config.passwordResetUrl },
    });
    expect(reset.statusCode).toBeLessThan(300);
    const session = await sessionHeaders(app, '10001');
    const contact = await app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/kontaktanfrage',
      headers: session,
      payload: {
        betreff: 'FRAGE_ZUR_ABRECHNUNG',
        text: 'Bitte senden Sie mir die Rechnung erneut.',
      },
    });
    expect(contact.statusCode).toBe(201);
    const email = await app.inject({
      method: 'PUT',
      url: '/api/anschlussnutzer/kontaktdatenAktualisieren',
      headers: { ...session, passwort: passwordHeader('Demo-2026!') },
      payload: { email: 'max.neu@example.de', festnetz: null, mobil: null, fax: null },
    });
    expect(email.statusCode).toBe(200);
    const password = await app.inject({
      method: 'PUT',
      url: '/api/anschlussnutzer/passwort_aendern',
      headers: session,
      payload: { altesPasswort: 'Demo-2026!', neuesPasswort: 'Küste-Neu-2026!' },
    });
    expect(password.statusCode).toBe(200);

    await app.mailer.deliverDue();
    const mails = outboxMails(config.mail.outboxDir);
    // the reset link, the contact request to the service and its copy, the new address's
    // confirmation and the old one's notice, the password change's notice
    expect(mails.length).toBeGreaterThanOrEqual(5);
    for (const mail of mails) {
      const body = mail.slice(mail.search(/\r?\n\r?\n/));
      expect(body, mail.slice(0, 400)).toContain('KW-10001');
      // "MR-10001-0001", a mandate reference, is no customer number
      expect(body.match(/(?<![\w-])10001(?![\w-])/g), mail.slice(0, 400)).toBeNull();
    }
  });
});
