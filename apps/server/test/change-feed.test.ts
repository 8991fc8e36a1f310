/**
 * The operator interface: its keys, its audit, and the change feed of what
 * customers did, written in the change's transaction and read in pages by a cursor.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ChangeFeedMessages,
  ChangeFeedPageSchema,
  type ChangeFeedEntry,
} from '@kundenportal/contract';
import { OPERATOR_SCOPES } from '../src/config';
import { recordChange } from '../src/db/change-feed';
import { customers, operatorAudit } from '../src/db/schema/index';
import { buildOperatorApp, type OperatorApp } from '../src/operator-app';
import { OperatorAuthMessages } from '../src/plugins/operator-auth';
import {
  backends,
  makeWebDist,
  passwordHeader,
  sessionHeaders,
  startTestServer,
  type TestServer,
} from './harness';
import { makeJpeg } from './images';
import { outboxMails } from './outbox-files';

const KEY = 'feed-test-key-0123456789abcdefghijklmnopqrstuvwxyz';
const OTHER_KEY = 'a-second-key-for-the-import-ZYXWVUTSRQPONMLKJIHGFEDCBA';
const sha256 = (text: string) => createHash('sha256').update(text).digest();
const IMPORT_ONLY_KEY = 'a-key-that-may-only-import-0123456789abcdefghijklmnop';
const KEYS = [
  { name: 'abrechnung', sha256: sha256(KEY), scopes: new Set(OPERATOR_SCOPES) },
  { name: 'import', sha256: sha256(OTHER_KEY), scopes: new Set(['feed', 'import'] as const) },
  { name: 'nur-import', sha256: sha256(IMPORT_ONLY_KEY), scopes: new Set(['import'] as const) },
];
const bearer = (key = KEY) => ({ authorization: `Bearer ${key}` });
const CONTRACT = 5000001;
/** 10001's gas contract, with bank details of its own. */
const GAS_CONTRACT = 5000002;

describe.each(backends)('the operator interface on %s', (backend) => {
  let server: TestServer;
  let operator: OperatorApp;
  let max: { token: string; kundennummer: string };

  beforeAll(async () => {
    server = await startTestServer(backend, { webDist: makeWebDist() });
    operator = await buildOperatorApp(
      {
        ...server.config,
        operator: { port: 0, host: '127.0.0.1', keys: KEYS, failuresPerMinute: 5 },
      },
      { db: server.db },
    );
    max = await sessionHeaders(server.app);
  });
  afterAll(async () => {
    await operator.close();
    await server.close();
  });

  const customer = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({ method, url: `/api${url}`, headers: max, ...(payload && { payload }) });
  const feed = (query = '', headers: Record<string, string> = bearer(), remoteAddress?: string) =>
    operator.inject({
      method: 'GET',
      url: `/aenderungen${query}`,
      headers,
      ...(remoteAddress && { remoteAddress }),
    });
  /** Every entry from the start, page by page; the last cursor. */
  async function readAll(pageSize = 3): Promise<{ entries: ChangeFeedEntry[]; cursor: string }> {
    const entries: ChangeFeedEntry[] = [];
    let cursor: string | undefined;
    for (;;) {
      const answer = await feed(
        `?anzahl=${pageSize}${cursor ? `&nach=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(answer.statusCode).toBe(200);
      const page = ChangeFeedPageSchema.parse(answer.json());
      entries.push(...page.eintraege);
      if (page.eintraege.length === 0) return { entries, cursor: page.cursor };
      expect(page.cursor).not.toBe(cursor);
      cursor = page.cursor;
    }
  }
  /** The entries written since the given cursor. */
  async function since(cursor: string) {
    const answer = await feed(`?nach=${encodeURIComponent(cursor)}&anzahl=1000`);
    expect(answer.statusCode).toBe(200);
    return ChangeFeedPageSchema.parse(answer.json());
  }

  describe('access', () => {
    it('refuses calls without a key, with a wrong key and with a customer token, in German', async () => {
      const none = await feed('', {}, '203.0.113.1');
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ message: OperatorAuthMessages.missing });
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      for (const authorization of [
        `Bearer ${KEY}x`,
        `Bearer ${max.token}`,
        `Basic ${Buffer.from(`abrechnung:${KEY}`).toString('base64')}`,
        KEY,
      ]) {
        const answer = await feed('', { authorization }, '203.0.113.2');
        expect(answer.statusCode, authorization).toBe(401);
        expect(answer.json()).toEqual({ message: OperatorAuthMessages.invalid });
      }
      // A customer's session headers are no key either.
      const session = await feed('', max, '203.0.113.3');
      expect(session.statusCode).toBe(401);
    });

    it('stops wrong keys from an address after its failures, but never the right key, and no other address', async () => {
      for (let i = 0; i < 5; i++)
        expect((await feed('', bearer('wrong'), '203.0.113.9')).statusCode).toBe(401);
      const stopped = await feed('', bearer('wrong'), '203.0.113.9');
      expect(stopped.statusCode).toBe(429);
      expect(stopped.json()).toEqual({ message: OperatorAuthMessages.throttled });
      expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
      expect((await feed('', {}, '203.0.113.9')).statusCode).toBe(429);
      for (let i = 0; i < 13; i++)
        expect((await feed('', bearer('wrong'), '203.0.113.9')).statusCode).toBe(429);
      // 20 wrong calls later, the right key from the same address is compared first and works.
      expect((await feed('', bearer(), '203.0.113.9')).statusCode).toBe(200);
      expect((await feed('', bearer('wrong'), '203.0.113.9')).statusCode).toBe(429);
      expect((await feed('', bearer(), '203.0.113.10')).statusCode).toBe(200);
    });

    it('refuses a key the scope of a call, in German and naming the scope, before the audit and the call', async () => {
      await server.db.delete(operatorAudit);
      const backup = await operator.inject({
        method: 'POST',
        url: '/backup',
        headers: bearer(IMPORT_ONLY_KEY),
      });
      expect(backup.statusCode).toBe(403);
      expect(backup.json()).toEqual({ message: OperatorAuthMessages.forbidden('backup') });
      expect(backup.json().message).toMatch(/Bereich „backup“/);
      const read = await feed('', bearer(IMPORT_ONLY_KEY));
      expect(read.statusCode).toBe(403);
      expect(read.json().message).toMatch(/Bereich „feed“/);
      // The key does what it may: its import answers (a refused body, but past the key check).
      const put = await operator.inject({
        method: 'PUT',
        url: '/import/preise',
        headers: { ...bearer(IMPORT_ONLY_KEY), 'content-type': 'text/csv' },
        payload: 'kaputt',
      });
      expect([400, 415]).toContain(put.statusCode);
      expect(await server.db.select().from(operatorAudit)).toHaveLength(1);
      // A 403 is no failed key: it counts nothing towards the address's throttle.
      for (let i = 0; i < 6; i++)
        expect((await feed('', bearer(IMPORT_ONLY_KEY))).statusCode).toBe(403);
      expect((await feed('', bearer())).statusCode).toBe(200);
    });

    it('audits every authenticated call with the name of its key', async () => {
      await server.db.delete(operatorAudit);
      expect((await feed('?anzahl=1', bearer(KEY), '198.51.100.20')).statusCode).toBe(200);
      expect((await feed('?anzahl=2', bearer(OTHER_KEY), '198.51.100.21')).statusCode).toBe(200);
      await feed('', bearer('wrong'), '198.51.100.22');
      const rows = await server.db
        .select({
          schluessel: operatorAudit.schluessel,
          methode: operatorAudit.methode,
          pfad: operatorAudit.pfad,
          adresse: operatorAudit.adresse,
        })
        .from(operatorAudit)
        .orderBy(operatorAudit.id);
      expect(rows).toEqual([
        {
          schluessel: 'abrechnung',
          methode: 'GET',
          pfad: '/aenderungen?anzahl=1',
          adresse: '198.51.100.20',
        },
        {
          schluessel: 'import',
          methode: 'GET',
          pfad: '/aenderungen?anzahl=2',
          adresse: '198.51.100.21',
        },
      ]);
    });

    it('serves none of its paths on the customers’ port: a plain 404, not the page', async () => {
      for (const url of [
        '/aenderungen',
        '/aenderungen?nach=djE6MA&anzahl=5',
        '/aenderungen/1/foto',
        '/import/geschaeftspartner',
        `/import/energiemengen/${CONTRACT}`,
        '/import/preise',
        '/openapi.json',
        '/referenz',
        '/referenz/',
        '/api/aenderungen',
        '/api/aenderungen/1/foto',
      ]) {
        for (const headers of [bearer(), max, { ...bearer(), accept: 'application/json' }]) {
          for (const method of ['GET', 'POST', 'PUT'] as const) {
            const answer = await server.app.inject({ method, url, headers });
            expect(answer.statusCode, `${method} ${url}`).toBe(404);
            expect(answer.json(), `${method} ${url}`).toEqual({ message: 'Nicht gefunden.' });
          }
        }
      }
      // An unknown page path still answers the web app's page, whose router shows "not found".
      for (const url of ['/gibt-es-nicht', '/aenderungen-der-preise', '/importe']) {
        const page = await server.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      }
    });
  });

  describe('the feed', () => {
    it('has an entry per change, with its data and keys', async () => {
      const start = (await readAll()).cursor;
      const meter = (await customer('GET', `/vertrag/${CONTRACT}/zaehler`)).json<{
        nummer: string;
        kanaele: { obiskennzahl: string }[];
      }>();
      const obis = meter.kanaele[0]!.obiskennzahl;
      const photo = await makeJpeg();
      const reading = await customer('POST', `/vertrag/${CONTRACT}/ablesungen`, {
        ablesedatum: '2026-01-03',
        zaehlernummer: meter.nummer,
        ablesewerte: { [obis]: 98_765 },
        foto: photo.toString('base64'),
      });
      expect(reading.statusCode).toBe(201);
      expect(
        (
          await customer('PUT', '/anschlussnutzer/kontaktdatenAktualisieren', {
            email: 'max.mustermann@example.de',
            mobil: '0170 1234567',
          })
        ).statusCode,
      ).toBe(200);
      const address = {
        gueltigVon: '2041-02-01',
        anrede: 'Herr',
        vorname: 'Max',
        nachname: 'Mustermann',
        strasse: 'Feedweg',
        hausnummer: '7',
        postleitzahl: '12345',
        ort: 'Musterstadt',
        land: 'Deutschland',
      };
      const created = await customer('POST', '/anschlussnutzer/rechnungsadresseAnlegen', address);
      expect(created.statusCode).toBe(201);
      const addressId = created.json<{ id: number }>().id;
      const bank = await customer('POST', `/vertrag/${CONTRACT}/bankverbindung/anlegen`, {
        kontoinhaber: 'Max Mustermann',
        iban: 'DE02120300000000202051',
        gueltigVon: '2041-03-01',
        lastschrifteinzugErlaubt: true,
      });
      expect(bank.statusCode).toBe(201);
      const bankId = bank.json<{ bankverbindungId: number }>().bankverbindungId;
      expect(
        (await customer('DELETE', `/vertrag/${CONTRACT}/bankverbindung/loeschen/${bankId}`))
          .statusCode,
      ).toBe(204);
      expect(
        (
          await customer('POST', '/anschlussnutzer/kontaktanfrage', {
            betreff: 'SONSTIGES',
            text: 'Bitte rufen Sie mich wegen des Feeds zurück.',
          })
        ).statusCode,
      ).toBe(201);
      const cancelled = await customer('POST', `/vertrag/${CONTRACT}/kuendigen`, {
        grund: 'AUSZUG',
        datum: '2041-06-30',
        text: 'Umzug ins Ausland',
      });
      expect(cancelled.statusCode).toBe(200);

      const { eintraege } = await since(start);
      expect(eintraege.map((entry) => entry.typ)).toEqual([
        'ABLESUNG',
        'KONTAKTDATEN',
        'RECHNUNGSADRESSE',
        'BANKVERBINDUNG',
        'BANKVERBINDUNG',
        'KONTAKTANFRAGE',
        'KUENDIGUNG',
      ]);
      for (const entry of eintraege) {
        expect(entry.kundennummer).toBe('10001');
        expect(Date.parse(entry.zeitpunkt)).toBeGreaterThan(Date.now() - 60_000);
      }
      const [ablesung, kontakt, adresse, bankAngelegt, bankGeloescht, anfrage, kuendigung] =
        eintraege;
      expect(ablesung).toMatchObject({
        vertragsnummer: CONTRACT,
        daten: {
          zaehlernummer: meter.nummer,
          ablesedatum: '2026-01-03',
          ablesewerte: { [obis]: 98_765 },
          ermittlungsart: 'KUNDE',
          foto: { typ: 'image/jpeg' },
        },
      });
      expect(kontakt).toMatchObject({
        vertragsnummer: null,
        daten: { neu: { mobil: '0170 1234567' }, neueEmailAngefragt: false },
      });
      expect(adresse).toMatchObject({
        vertragsnummer: null,
        daten: {
          aktion: 'ANGELEGT',
          datensatz: { id: addressId, strasse: 'Feedweg', gueltigVon: '2041-02-01' },
          vorheriger: { gueltigBis: '2041-01-31' },
        },
      });
      expect(bankAngelegt).toMatchObject({
        vertragsnummer: CONTRACT,
        daten: {
          aktion: 'ANGELEGT',
          datensatz: { bankverbindungId: bankId, iban: 'DE02120300000000202051' },
        },
      });
      const mandate = (bankAngelegt!.daten as { datensatz: { mandatsreferenz: string } }).datensatz
        .mandatsreferenz;
      expect(mandate).toBeTruthy();
      expect(bankGeloescht).toMatchObject({
        daten: {
          aktion: 'GELOESCHT',
          datensatz: { bankverbindungId: bankId, mandatsreferenz: mandate },
        },
      });
      expect(anfrage).toMatchObject({
        daten: { betreff: 'SONSTIGES', text: 'Bitte rufen Sie mich wegen des Feeds zurück.' },
      });
      expect(kuendigung).toMatchObject({
        vertragsnummer: CONTRACT,
        daten: { grund: 'AUSZUG', lieferende: '2041-06-30', text: 'Umzug ins Ausland' },
      });

      // The reading's photo, as stored, as a download that no browser runs.
      const foto = await operator.inject({
        method: 'GET',
        url: `/aenderungen/${ablesung!.id}/foto`,
        headers: bearer(),
      });
      expect(foto.statusCode).toBe(200);
      expect(foto.headers['content-type']).toBe('image/jpeg');
      expect(foto.headers['x-content-type-options']).toBe('nosniff');
      expect(foto.headers['content-disposition']).toMatch(
        /^attachment; filename="ablesung-\d+\.jpg"/,
      );
      expect(foto.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      const none = await operator.inject({
        method: 'GET',
        url: `/aenderungen/${kontakt!.id}/foto`,
        headers: bearer(),
      });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: ChangeFeedMessages.photoNotFound });
      expect(
        (await operator.inject({ method: 'GET', url: `/aenderungen/${ablesung!.id}/foto` }))
          .statusCode,
      ).toBe(401);
    });

    it('has a completed password reset as an event, never its secret', async () => {
      const start = (await readAll()).cursor;
      const mandant = server.config.passwordResetUrl;
      await server.app.inject({
        method: 'POST',
        url: '/api/anschlussnutzer/passwort_reset',
        headers: { kundennummer: '10002', basisUrl: mandant },
      });
      // The mailer may be delivering it already: wait until its file is there.
      const token = await vi.waitFor(async () => {
        await server.app.mailer.deliverDue();
        const mail = outboxMails(server.config.mail.outboxDir).find((text) =>
          text.includes('passwort/erneuern?token='),
        );
        const found = /token=([A-Za-z0-9_-]{43})/.exec(mail ?? '')?.[1];
        if (!found) throw new Error('no reset link in the outbox yet');
        return found;
      });
      const done = await server.app.inject({
        method: 'POST',
        url: '/api/anschlussnutzer/passwort_reset_abschluss',
        headers: { token, neuesPasswort: passwordHeader('Neu-im-Feed-2026!') },
      });
      expect(done.statusCode).toBe(200);
      const { eintraege } = await since(start);
      expect(eintraege).toHaveLength(1);
      expect(eintraege[0]).toMatchObject({
        typ: 'PASSWORT_ZURUECKGESETZT',
        kundennummer: '10002',
        vertragsnummer: null,
        daten: {},
      });
      expect(JSON.stringify(eintraege[0])).not.toContain(token);
    });

    it('has an e-mail address once it is confirmed, and again when the old one takes it back', async () => {
      const start = (await readAll()).cursor;
      const lena = await sessionHeaders(server.app, '10005');
      const changed = await server.app.inject({
        method: 'PUT',
        url: '/api/anschlussnutzer/kontaktdatenAktualisieren',
        headers: { ...lena, passwort: passwordHeader('Demo-2026!') },
        payload: { email: 'lena.neu@example.de', festnetz: '030 55', mobil: null, fax: null },
      });
      expect(changed.statusCode).toBe(200);
      const linkIn = (path: string) =>
        vi.waitFor(async () => {
          await server.app.mailer.deliverDue();
          for (const mail of outboxMails(server.config.mail.outboxDir)) {
            const found = new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`).exec(mail)?.[1];
            if (found) return found;
          }
          throw new Error(`no ${path} link in the outbox yet`);
        });
      const post = async (path: string, token: string) =>
        (
          await server.app.inject({
            method: 'POST',
            url: `/api/anschlussnutzer/${path}`,
            headers: { token },
          })
        ).statusCode;
      expect(await post('email_bestaetigen', await linkIn('/email/bestaetigen'))).toBe(200);
      expect(await post('email_widerrufen', await linkIn('/email/widerrufen'))).toBe(200);

      const { eintraege } = await since(start);
      expect(eintraege.map((entry) => [entry.typ, entry.kundennummer, entry.daten])).toEqual([
        [
          'KONTAKTDATEN',
          '10005',
          {
            alt: { festnetz: null, mobil: null, fax: null },
            neu: { festnetz: '030 55', mobil: null, fax: null },
            neueEmailAngefragt: true,
          },
        ],
        [
          'EMAIL_ADRESSE',
          '10005',
          { anlass: 'BESTAETIGT', alt: 'lena.leer@example.de', neu: 'lena.neu@example.de' },
        ],
        [
          'EMAIL_ADRESSE',
          '10005',
          { anlass: 'WIDERRUFEN', alt: 'lena.neu@example.de', neu: 'lena.leer@example.de' },
        ],
      ]);
    });

    it('has bank details ended by a successor, valid again when it is deleted, and ended', async () => {
      const start = (await readAll()).cursor;
      const today = new Date().toISOString().slice(0, 10);
      const rows = (await customer('GET', `/vertrag/${GAS_CONTRACT}/bankverbindung/alle`)).json<
        {
          bankverbindungId: number;
          gueltigVon: string;
          gueltigBis: string | null;
          mandatsreferenz: string | null;
        }[]
      >();
      const valid = rows.find((row) => row.gueltigVon <= today && row.gueltigBis === null);
      expect(valid, 'a bank account valid today').toBeDefined();
      // A successor from 2042 ends it on the day before; deleting the successor makes it valid again.
      const successor = await customer('POST', `/vertrag/${GAS_CONTRACT}/bankverbindung/anlegen`, {
        kontoinhaber: 'Erika Mustermann',
        iban: 'DE89370400440532013000',
        gueltigVon: '2042-01-01',
        lastschrifteinzugErlaubt: true,
      });
      expect(successor.statusCode).toBe(201);
      const successorId = successor.json<{ bankverbindungId: number }>().bankverbindungId;
      expect(
        (
          await customer(
            'DELETE',
            `/vertrag/${GAS_CONTRACT}/bankverbindung/loeschen/${successorId}`,
          )
        ).statusCode,
      ).toBe(204);
      const ended = await customer(
        'DELETE',
        `/vertrag/${GAS_CONTRACT}/bankverbindung/beenden/${valid!.bankverbindungId}`,
      );
      expect(ended.statusCode).toBe(204);
      const { eintraege } = await since(start);
      expect(eintraege).toHaveLength(3);
      const previous = { id: valid!.bankverbindungId };
      expect(eintraege[0]).toMatchObject({
        daten: {
          aktion: 'ANGELEGT',
          datensatz: { bankverbindungId: successorId, gueltigVon: '2042-01-01' },
          vorheriger: { ...previous, gueltigBis: '2041-12-31' },
        },
      });
      expect(eintraege[1]).toMatchObject({
        daten: {
          aktion: 'GELOESCHT',
          datensatz: { bankverbindungId: successorId },
          vorheriger: { ...previous, gueltigBis: null },
        },
      });
      expect(eintraege[2]).toMatchObject({
        typ: 'BANKVERBINDUNG',
        kundennummer: '10001',
        vertragsnummer: GAS_CONTRACT,
        daten: {
          aktion: 'BEENDET',
          datensatz: {
            bankverbindungId: valid!.bankverbindungId,
            mandatsreferenz: valid!.mandatsreferenz,
          },
          vorheriger: null,
        },
      });
      const gueltigBis = (eintraege[2]!.daten as { datensatz: { gueltigBis: string } }).datensatz
        .gueltigBis;
      expect(gueltigBis >= today).toBe(true);
    });

    it('has no entry for a refused change', async () => {
      const start = (await readAll()).cursor;
      const meter = (await customer('GET', `/vertrag/${CONTRACT}/zaehler`)).json<{
        nummer: string;
        kanaele: { obiskennzahl: string }[];
      }>();
      // The same day again, a future day, an address from today: all refused.
      const duplicate = await customer('POST', `/vertrag/${CONTRACT}/ablesungen`, {
        ablesedatum: '2026-01-03',
        zaehlernummer: meter.nummer,
        ablesewerte: { [meter.kanaele[0]!.obiskennzahl]: 98_766 },
      });
      expect(duplicate.statusCode).toBe(400);
      const early = await customer('POST', '/anschlussnutzer/rechnungsadresseAnlegen', {
        gueltigVon: '2020-01-01',
        anrede: 'Herr',
        nachname: 'Mustermann',
        strasse: 'Feedweg',
        hausnummer: '7',
        postleitzahl: '12345',
        ort: 'Musterstadt',
        land: 'Deutschland',
      });
      expect(early.statusCode).toBe(400);
      const again = await customer('POST', `/vertrag/${CONTRACT}/kuendigen`, {
        grund: 'AUSZUG',
        datum: '2041-06-30',
      });
      expect(again.statusCode).toBe(409);
      expect((await since(start)).eintraege).toEqual([]);
    });

    it('pages in order; two consumers with one cursor get the same; an old cursor repeats', async () => {
      const all = (await readAll(1000)).entries;
      expect(all.length).toBeGreaterThanOrEqual(8);
      const paged = (await readAll(2)).entries;
      expect(paged).toEqual(all);
      expect(new Set(all.map((entry) => entry.id)).size).toBe(all.length);

      const first = ChangeFeedPageSchema.parse((await feed('?anzahl=3')).json());
      const a = await feed(`?nach=${first.cursor}&anzahl=3`);
      const b = await feed(`?nach=${first.cursor}&anzahl=3`);
      expect(a.json()).toEqual(b.json());
      expect(a.json<{ eintraege: unknown[] }>().eintraege).toEqual(all.slice(3, 6));
      // A consumer that crashed before storing the newer cursor reads the same entries again.
      const repeated = ChangeFeedPageSchema.parse(
        (await feed(`?nach=${first.cursor}&anzahl=3`)).json(),
      );
      expect(repeated.eintraege).toEqual(all.slice(3, 6));
      // The default page and the largest.
      expect(ChangeFeedPageSchema.parse((await feed()).json()).eintraege).toEqual(
        all.slice(0, 100),
      );
    });

    it('refuses a cursor it did not give and a page size out of range, in German', async () => {
      for (const nach of [
        'abc',
        'djE6MTox!',
        Buffer.from('v1:-1:2').toString('base64url'),
        'x'.repeat(300),
      ]) {
        const answer = await feed(`?nach=${encodeURIComponent(nach)}`);
        expect(answer.statusCode, nach).toBe(400);
        expect(answer.json()).toEqual({
          message: ChangeFeedMessages.cursorInvalid,
          felder: { nach: ChangeFeedMessages.cursorInvalid },
        });
      }
      for (const anzahl of ['0', '1001', 'zwei', '1.5']) {
        const answer = await feed(`?anzahl=${anzahl}`);
        expect(answer.statusCode, anzahl).toBe(400);
        expect(answer.json()).toMatchObject({ felder: { anzahl: ChangeFeedMessages.pageSize } });
      }
    });
  });

  it.runIf(backend === 'postgres')(
    'hands out no entry before an older one, and is not held back by other transactions',
    async () => {
      const start = (await readAll()).cursor;
      const url = (server.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
      const [max10001] = await server.db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.kundennummer, '10001'));
      const slowPool = new pg.Pool({ connectionString: url, max: 1 });
      const idle = new pg.Client({ connectionString: url });
      await idle.connect();
      try {
        // A transaction elsewhere that stays open: it must not hold the feed back.
        await idle.query('begin');
        await idle.query('select pg_current_xact_id()');
        // An older change writes its entry and is slow to commit.
        let commitOlder!: () => void;
        const olderMayCommit = new Promise<void>((resolve) => (commitOlder = resolve));
        let olderWritten!: () => void;
        const olderHasWritten = new Promise<void>((resolve) => (olderWritten = resolve));
        const older = drizzle(slowPool).transaction(async (tx) => {
          await recordChange(
            tx,
            { customerId: max10001!.id },
            {
              typ: 'KONTAKTANFRAGE',
              daten: { anfrageNr: 0, betreff: 'SONSTIGES', text: 'Ältere Anfrage, später fertig.' },
            },
          );
          olderWritten();
          await olderMayCommit;
        });
        await olderHasWritten;
        // A younger change meanwhile: it waits for the older one's commit at its feed entry.
        const younger = customer('POST', '/anschlussnutzer/kontaktanfrage', {
          betreff: 'SONSTIGES',
          text: 'Jüngere Anfrage, nach der älteren.',
        });
        const held = await since(start);
        expect(held.eintraege).toEqual([]);
        expect(held.cursor).toBe(start);
        commitOlder();
        await older;
        expect((await younger).statusCode).toBe(201);
        const both = await since(start);
        expect(both.eintraege.map((entry) => (entry.daten as { text: string }).text)).toEqual([
          'Ältere Anfrage, später fertig.',
          'Jüngere Anfrage, nach der älteren.',
        ]);
      } finally {
        await idle.query('rollback');
        await idle.end();
        await slowPool.end();
      }
    },
  );

  it('rolls the entry back with its change', async () => {
    const start = (await readAll()).cursor;
    await server.db
      .transaction(async (tx) => {
        const [row] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.kundennummer, '10001'));
        await recordChange(
          tx,
          { customerId: row!.id },
          { typ: 'PASSWORT_ZURUECKGESETZT', daten: {} },
        );
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await since(start)).eintraege).toEqual([]);
  });
});
