import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { InjectOptions } from 'fastify';
import { BankDetailsRows, BillingAddressRows, berlinDayOf } from '@kundenportal/contract';
import { makeJpeg } from './images';
import {
  expectAnswersAsDocumented,
  expectNamedOperations,
  type Call,
  type OpenApiDocument,
} from './openapi-answers';
import { outboxMails } from './outbox-files';
import { passwordHeader, sessionHeaders, startTestServer, type TestServer } from './harness';

/**
 * Every route of the customers' app, answered by the running app with a realistic request (as
 * the demo customer where a session is needed), each answer checked against /api/openapi.json:
 * its status among the documented ones, its body against that status's schema (ajv, JSON Schema
 * 2020-12 as OpenAPI 3.1 has it), its documented headers present. A route not in the document,
 * or one no call here reaches, fails the test.
 */
describe('the customers’ API document', () => {
  let server: TestServer;
  const routes: string[] = [];
  const calls: Call[] = [];
  let document: OpenApiDocument;

  const call = async (route: string, options: InjectOptions) => {
    const [method] = route.split(' ');
    const response = await server.app.inject({ method: method as 'GET', ...options });
    calls.push({ route, response });
    return response;
  };

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      onRoute: (route) => {
        for (const method of ([] as string[]).concat(route.method)) {
          // HEAD answers as its GET, without a body: Fastify adds it, the document leaves it out.
          // /metrics (Prometheus text, from this machine only) is no call of the API.
          if (method !== 'HEAD' && route.url.startsWith('/api/'))
            routes.push(`${method} ${route.url}`);
        }
      },
    });
    const answer = await server.app.inject({ url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    document = answer.json<OpenApiDocument>();
    calls.push({ route: 'GET /api/openapi.json', response: answer });

    const loggedIn = await call('POST /api/anschlussnutzer/login', {
      url: '/api/anschlussnutzer/login',
      headers: { kundennummer: '10001', passwort: passwordHeader('Demo-2026!') },
    });
    const max = { kundennummer: '10001', token: String(loggedIn.headers['token']) };
    const baeckerei = await sessionHeaders(server.app, '10002');
    const today = berlinDayOf(new Date(), 0);
    const inAMonth = berlinDayOf(new Date(), 30);
    const year = Number(today.slice(0, 4));
    /**
     * The token of the newest mailed link to `path`, once its mail is in the outbox: the
     * mailer's own round may be writing it while this one finds nothing due.
     */
    const tokenIn = (path: string) =>
      vi.waitFor(
        async () => {
          await server.app.mailer.deliverDue();
          const pattern = new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`);
          const mail = outboxMails(server.config.mail.outboxDir).findLast((m) => pattern.test(m));
          const token = mail?.match(pattern)?.[1];
          if (!token) throw new Error(`no ${path} link in the mails`);
          return token;
        },
        { timeout: 10_000, interval: 50 },
      );

    // Public calls.
    await call('GET /api/health', { url: '/api/health' });
    await call('GET /api/ready', { url: '/api/ready' });
    await call('GET /api/mandant', { url: '/api/mandant' });
    await call('GET /api/feiertage', { url: `/api/feiertage?years=${year},${year + 1}` });
    await call('POST /api/anschlussnutzer/login', {
      url: '/api/anschlussnutzer/login',
      headers: { kundennummer: '10003', passwort: passwordHeader('Start-2026!') },
    });
    await call('POST /api/anschlussnutzer/login', {
      url: '/api/anschlussnutzer/login',
      headers: { kundennummer: '10004', passwort: passwordHeader('Demo-2026!') },
    });
    await call('POST /api/anschlussnutzer/login', {
      url: '/api/anschlussnutzer/login',
      headers: { kundennummer: '10001', passwort: passwordHeader('falsch-geraten') },
    });
    await call('POST /api/anschlussnutzer/passwort_reset', {
      url: '/api/anschlussnutzer/passwort_reset',
      headers: { kundennummer: '10004', basisUrl: server.config.passwordResetUrl },
    });
    await call('POST /api/anschlussnutzer/passwort_reset', {
      url: '/api/anschlussnutzer/passwort_reset',
      headers: { kundennummer: '10005', basisUrl: server.config.passwordResetUrl },
    });
    const resetToken = await tokenIn('/passwort/erneuern');
    await call('POST /api/anschlussnutzer/passwort_reset_pruefen', {
      url: '/api/anschlussnutzer/passwort_reset_pruefen',
      headers: { token: resetToken },
    });
    await call('POST /api/anschlussnutzer/passwort_reset_abschluss', {
      url: '/api/anschlussnutzer/passwort_reset_abschluss',
      headers: { token: resetToken, neuesPasswort: passwordHeader('Neu-Passwort-2026!') },
    });

    // The customer and a contact request.
    await call('GET /api/anschlussnutzer', { url: '/api/anschlussnutzer', headers: max });
    await call('GET /api/token/refresh', { url: '/api/token/refresh', headers: max });
    await call('GET /api/anschlussnutzer', { url: '/api/anschlussnutzer' });
    await call('POST /api/anschlussnutzer/kontaktanfrage', {
      url: '/api/anschlussnutzer/kontaktanfrage',
      headers: max,
      payload: {
        betreff: 'FRAGE_ZUR_ABRECHNUNG',
        text: 'Bitte senden Sie mir die Abrechnung erneut zu.',
      },
    });

    // Billing addresses and bank details of the customer.
    const address = {
      gueltigVon: inAMonth,
      anrede: 'Herr',
      vorname: 'Max',
      nachname: 'Mustermann',
      strasse: 'Hauptstraße',
      hausnummer: '1',
      postleitzahl: '10115',
      ort: 'Berlin',
      land: 'Deutschland',
    };
    const bank = {
      kontoinhaber: 'Max Mustermann',
      iban: 'DE89370400440532013000',
      gueltigVon: inAMonth,
      lastschrifteinzugErlaubt: true,
    };
    for (const path of ['aktuelleRechnungsadresse', 'rechnungsadressen']) {
      await call(`GET /api/anschlussnutzer/${path}`, {
        url: `/api/anschlussnutzer/${path}`,
        headers: max,
      });
    }
    await call('POST /api/anschlussnutzer/rechnungsadresseAnlegen', {
      url: '/api/anschlussnutzer/rechnungsadresseAnlegen',
      headers: max,
      payload: address,
    });
    for (const path of ['aktuelleBankverbindung', 'bankverbindungen']) {
      await call(`GET /api/anschlussnutzer/${path}`, {
        url: `/api/anschlussnutzer/${path}`,
        headers: max,
      });
    }
    await call('POST /api/anschlussnutzer/bankverbindungAnlegen', {
      url: '/api/anschlussnutzer/bankverbindungAnlegen',
      headers: max,
      payload: bank,
    });
    await call('GET /api/bankverbindung/pruefe', {
      url: `/api/bankverbindung/pruefe?iban=${bank.iban}`,
      headers: max,
    });

    // Documents, overview, prices.
    const customer = (await server.app.inject({ url: '/api/anschlussnutzer', headers: max })).json<{
      vertraege: number[];
    }>();
    const contractIds = customer.vertraege;
    const documents = (
      await call('GET /api/dokument/alle', { url: '/api/dokument/alle', headers: max })
    ).json<{ id: number }[]>();
    await call('GET /api/dokument/daten/:id', {
      url: `/api/dokument/daten/${documents[0]!.id}`,
      headers: max,
    });
    await call('GET /api/dokument/:id', { url: `/api/dokument/${contractIds[0]}`, headers: max });
    await call('GET /api/uebersicht', { url: '/api/uebersicht', headers: max });
    const window = `von=${today}T00:00:00Z&bis=${berlinDayOf(new Date(), 1)}T00:00:00Z`;
    await call('GET /api/preiszeitreihe', { url: `/api/preiszeitreihe?${window}`, headers: max });

    // Each contract of the customer, every call under /vertrag/:id.
    for (const id of contractIds) {
      const v = `/api/vertrag/${id}`;
      const get = (path: string, query = '') =>
        call(`GET /api/vertrag/:id${path}`, { url: `${v}${path}${query}`, headers: max });
      await get('');
      await get('/aktueller_tarif');
      await get('/tarifhistorie');
      await get('/ablesungen');
      await get('/verbraeuche', `?von=${year - 1}-01-01&bis=${today}`);
      for (const interval of ['hourly', 'daily', 'monthly'])
        await get('/historie', `?interval=${interval}&${window}`);
      await get('/preiszeitreihe', `?${window}`);
      for (const kind of ['rechnungsadresse', 'bankverbindung']) {
        await get(`/${kind}/aktuelle`);
        await get(`/${kind}/alle`);
      }
      const meter = (await get('/zaehler')).json<{
        nummer: string;
        kanaele: { obiskennzahl: string }[];
      }>();
      if (!meter.kanaele) continue;
      const values = Object.fromEntries(meter.kanaele.map((k) => [k.obiskennzahl, '99999']));
      await get(
        '/ablesungen/plausibilisiere',
        `?ablesedatum=${today}&zaehlernummer=${meter.nummer}&` +
          Object.entries(values)
            .map(([obis, value]) => `ablesewerte.${obis}=${value}`)
            .join('&'),
      );
      const reading = {
        ablesedatum: today,
        zaehlernummer: meter.nummer,
        ablesewerte: Object.fromEntries(meter.kanaele.map((k) => [k.obiskennzahl, 1])),
      };
      // One with a photo, the same day again (refused, with its hinweis), the photo.
      await call('POST /api/vertrag/:id/ablesungen', {
        url: `${v}/ablesungen`,
        headers: max,
        payload: { ...reading, foto: (await makeJpeg()).toString('base64') },
      });
      await call('POST /api/vertrag/:id/ablesungen', {
        url: `${v}/ablesungen`,
        headers: max,
        payload: reading,
      });
      await get('/ablesungen/foto', `?zaehlernummer=${meter.nummer}&ablesedatum=${today}`);
    }

    // Writing calls on the first contract; a foreign contract; ending and deleting rows.
    const v = `/api/vertrag/${contractIds[0]}`;
    await call('GET /api/vertrag/:id', { url: v, headers: baeckerei });
    // Per kind a row from tomorrow (ended below, once it is valid) and one deleted ahead.
    const tomorrow = berlinDayOf(new Date(), 1);
    const toEnd: Record<string, number> = {};
    for (const [kind, payload, rowId] of [
      ['rechnungsadresse', address, (row: object) => BillingAddressRows.rowId(row as never)],
      ['bankverbindung', bank, (row: object) => BankDetailsRows.rowId(row as never)],
    ] as const) {
      const create = (gueltigVon: string) =>
        call(`POST /api/vertrag/:id/${kind}/anlegen`, {
          url: `${v}/${kind}/anlegen`,
          headers: max,
          payload: { ...payload, gueltigVon },
        });
      toEnd[kind] = rowId((await create(tomorrow)).json());
      const ahead = rowId((await create(inAMonth)).json());
      await call(`DELETE /api/vertrag/:id/${kind}/loeschen/:rowId`, {
        url: `${v}/${kind}/loeschen/${ahead}`,
        headers: max,
      });
    }
    await call('POST /api/vertrag/:id/kuendigen', {
      url: `${v}/kuendigen`,
      headers: max,
      payload: { grund: 'AUSZUG', datum: inAMonth, text: 'Umzug ins Ausland' },
    });
    await call('POST /api/vertrag/:id/kuendigen', {
      url: `${v}/kuendigen`,
      headers: max,
      payload: { grund: 'UNBEKANNT', datum: 'morgen' },
    });

    // The e-mail change: confirmed by the new address, revoked by the old one (which ends the
    // sessions: a new login follows).
    const contactChange = await call('PUT /api/anschlussnutzer/kontaktdatenAktualisieren', {
      url: '/api/anschlussnutzer/kontaktdatenAktualisieren',
      headers: { ...max, passwort: passwordHeader('Demo-2026!') },
      payload: { email: 'max.neu@example.de', mobil: '0171 1', festnetz: '030 1', fax: '' },
    });
    expect(contactChange.statusCode, contactChange.body).toBe(200);
    await call('GET /api/anschlussnutzer/emailAenderung', {
      url: '/api/anschlussnutzer/emailAenderung',
      headers: max,
    });
    await call('POST /api/anschlussnutzer/email_bestaetigen', {
      url: '/api/anschlussnutzer/email_bestaetigen',
      headers: { token: await tokenIn('/email/bestaetigen') },
    });
    await call('POST /api/anschlussnutzer/email_widerrufen', {
      url: '/api/anschlussnutzer/email_widerrufen',
      headers: { token: await tokenIn('/email/widerrufen') },
    });
    const again = await sessionHeaders(server.app, '10001');

    // The session's end: a password change, a logout.
    const changed = await call('PUT /api/anschlussnutzer/passwort_aendern', {
      url: '/api/anschlussnutzer/passwort_aendern',
      headers: again,
      payload: { altesPasswort: 'Demo-2026!', neuesPasswort: 'Neu-Passwort-2026!' },
    });
    await call('DELETE /api/anschlussnutzer/logout', {
      url: '/api/anschlussnutzer/logout',
      headers: { kundennummer: '10001', token: String(changed.headers['token']) },
    });

    // Two days on, the rows from tomorrow are valid and can be ended.
    server.clock.advanceSeconds(2 * 86_400);
    const later = await sessionHeaders(server.app, '10001', 'Neu-Passwort-2026!');
    for (const kind of ['rechnungsadresse', 'bankverbindung']) {
      await call(`GET /api/vertrag/:id/${kind}/aktuelle`, {
        url: `${v}/${kind}/aktuelle`,
        headers: later,
      });
      await call(`DELETE /api/vertrag/:id/${kind}/beenden/:rowId`, {
        url: `${v}/${kind}/beenden/${toEnd[kind]}`,
        headers: later,
      });
    }
  }, 180_000);
  afterAll(() => server?.close());

  it('answers every registered route as its document says', () => {
    expectAnswersAsDocumented(document, routes, calls);
  });

  it('names every operation for a generated client: operationId, German summary, tag, shared components', () => {
    expectNamedOperations(document);
    const contact = document.paths['/anschlussnutzer/kontaktanfrage']!['post']!;
    expect(contact.operationId).toBe('kontaktanfrageSenden');
    expect(contact.tags).toEqual(['Kontakt']);
    expect(JSON.stringify(document.paths['/vertrag/{id}']!['get']!.responses['200'])).toContain(
      '"#/components/schemas/Vertrag"',
    );
  });

  it('describes the statuses that are not HTTP’s: 700 and 702 of the login', () => {
    const statuses = calls
      .filter((made) => made.route === 'POST /api/anschlussnutzer/login')
      .map((made) => made.response.statusCode);
    expect(statuses).toEqual(expect.arrayContaining([700, 702, 401]));
    const login = document.paths['/anschlussnutzer/login']!['post']!;
    expect(login.responses['default']!.description).toMatch(/700.*702/s);
    expect(Object.keys(login.responses['200']!.headers ?? {})).toEqual(['token', 'ttl']);
  });

  it('is valid OpenAPI 3.1 for a validator from the registry', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Record<string, unknown>,
    );
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('covers every call of the spec’s §7', () => {
    const paths = Object.keys(document.paths);
    for (const path of SPEC_CALLS) expect(paths, path).toContain(path);
  });
});

/** The paths of spec §7, {v} being /vertrag/{id}. */
const SPEC_CALLS = [
  '/anschlussnutzer/login',
  '/anschlussnutzer/passwort_reset',
  '/anschlussnutzer/passwort_reset_abschluss',
  '/anschlussnutzer/passwort_aendern',
  '/anschlussnutzer/logout',
  '/anschlussnutzer',
  '/anschlussnutzer/kontaktdatenAktualisieren',
  '/anschlussnutzer/aktuelleRechnungsadresse',
  '/anschlussnutzer/rechnungsadressen',
  '/anschlussnutzer/rechnungsadresseAnlegen',
  '/anschlussnutzer/aktuelleBankverbindung',
  '/anschlussnutzer/bankverbindungen',
  '/anschlussnutzer/bankverbindungAnlegen',
  '/anschlussnutzer/kontaktanfrage',
  '/token/refresh',
  '/bankverbindung/pruefe',
  '/dokument/daten/{id}',
  '/dokument/alle',
  '/dokument/{id}',
  '/preiszeitreihe',
  '/vertrag/{id}/ablesungen',
  '/vertrag/{id}/ablesungen/plausibilisiere',
  '/vertrag/{id}/zaehler',
  '/vertrag/{id}/bankverbindung/alle',
  '/vertrag/{id}/bankverbindung/aktuelle',
  '/vertrag/{id}/bankverbindung/anlegen',
  '/vertrag/{id}/bankverbindung/loeschen/{rowId}',
  '/vertrag/{id}/bankverbindung/beenden/{rowId}',
  '/vertrag/{id}/rechnungsadresse/alle',
  '/vertrag/{id}/rechnungsadresse/aktuelle',
  '/vertrag/{id}/rechnungsadresse/anlegen',
  '/vertrag/{id}/rechnungsadresse/loeschen/{rowId}',
  '/vertrag/{id}/rechnungsadresse/beenden/{rowId}',
  '/vertrag/{id}/verbraeuche',
  '/vertrag/{id}/historie',
  '/vertrag/{id}/kuendigen',
  '/vertrag/{id}/aktueller_tarif',
  '/vertrag/{id}/tarifhistorie',
  '/vertrag/{id}',
];
