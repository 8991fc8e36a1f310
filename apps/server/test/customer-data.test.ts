import { berlinDayOf } from '@kundenportal/contract';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import {
  auditLog,
  bankDetails,
  billingAddresses,
  contactRequests,
  customers,
  mailOutbox,
} from '../src/db/schema/index';
import {
  backends,
  passwordHeader,
  sessionHeaders,
  startTestServer,
  type TestServer,
} from './harness';
import { outboxMails } from './outbox-files';

type Headers = Awaited<ReturnType<typeof sessionHeaders>> & { passwort?: string };

const address = (gueltigVon: string, extra: Record<string, unknown> = {}) => ({
  gueltigVon,
  anrede: 'Herr',
  vorname: 'Max',
  nachname: 'Mustermann',
  strasse: 'Testgasse',
  hausnummer: '5b',
  postleitzahl: '12345',
  ort: 'Musterstadt',
  land: 'Deutschland',
  ...extra,
});
const bank = (gueltigVon: string, extra: Record<string, unknown> = {}) => ({
  kontoinhaber: 'Max Mustermann',
  iban: 'DE89 3704 0044 0532 0130 00',
  gueltigVon,
  lastschrifteinzugErlaubt: true,
  ...extra,
});

describe.each(backends)('customer data on %s', (backend) => {
  let server: TestServer;
  let max: Headers;
  let empty: Headers;
  let maxContracts: number[];
  let tomorrow: string;
  let today: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: unknown,
  ) =>
    server.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const rows = async (
    table:
      typeof billingAddresses | typeof bankDetails | typeof contactRequests | typeof mailOutbox,
  ) => (await server.db.select({ n: count() }).from(table))[0]!.n;

  beforeAll(async () => {
    server = await startTestServer(backend);
    max = await sessionHeaders(server.app, '10001');
    empty = await sessionHeaders(server.app, '10005');
    maxContracts = (await call('GET', '/api/anschlussnutzer', max)).json().vertraege;
    today = berlinDayOf(server.clock.now);
    tomorrow = berlinDayOf(server.clock.now, 1);
  });
  afterAll(() => server.close());

  it('updates contact data, trimmed, and keeps old and new values in the audit', async () => {
    // The same e-mail, with spaces: no change of address, so no password is asked.
    const response = await call('PUT', '/api/anschlussnutzer/kontaktdatenAktualisieren', max, {
      email: ' max.mustermann@example.de ',
      festnetz: ' 030 123456 ',
      mobil: '',
      fax: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      kundennummer: '10001',
      email: 'max.mustermann@example.de',
      festnetz: '030 123456',
      mobil: null,
      fax: null,
    });
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'KONTAKTDATEN_GEAENDERT'))
      .orderBy(desc(auditLog.id));
    expect(audit?.details).toMatchObject({
      alt: { email: 'max.mustermann@example.de' },
      neu: { email: 'max.mustermann@example.de', festnetz: '030 123456' },
    });
  });

  it('refuses an e-mail with a 65-character local part and changes nothing', async () => {
    const response = await call('PUT', '/api/anschlussnutzer/kontaktdatenAktualisieren', max, {
      email: `${'a'.repeat(65)}@example.de`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Die angegebene Email ist ungültig.',
      felder: { email: 'Die angegebene Email ist ungültig.' },
    });
    const [customer] = await server.db
      .select()
      .from(customers)
      .where(eq(customers.kundennummer, '10001'));
    expect(customer?.email).toBe('max.mustermann@example.de');
    const withPassword = { ...max, passwort: passwordHeader('Demo-2026!') };
    expect(
      (
        await call('PUT', '/api/anschlussnutzer/kontaktdatenAktualisieren', withPassword, {
          email: `${'a'.repeat(64)}@example.de`,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers the empty states of 10005 with the texts of spec §8.5', async () => {
    for (const [url, message] of [
      [
        '/api/anschlussnutzer/aktuelleRechnungsadresse',
        'Es wurde keine aktuelle Rechnungsadresse bei uns im System gefunden.',
      ],
      [
        '/api/anschlussnutzer/aktuelleBankverbindung',
        'Es wurde keine aktuelle Bankverbindung bei uns im System gefunden.',
      ],
    ] as const) {
      const response = await call('GET', url, empty);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(message);
    }
    expect((await call('GET', '/api/anschlussnutzer/rechnungsadressen', empty)).json()).toEqual([]);
    expect((await call('GET', '/api/anschlussnutzer/bankverbindungen', empty)).json()).toEqual([]);
  });

  it('creates a billing address and ends the current one the day before', async () => {
    const before = await rows(billingAddresses);
    const first = await call(
      'POST',
      '/api/anschlussnutzer/rechnungsadresseAnlegen',
      empty,
      address('2030-01-01'),
    );
    expect(first.statusCode).toBe(201);
    const second = await call(
      'POST',
      '/api/anschlussnutzer/rechnungsadresseAnlegen',
      empty,
      address('2031-01-01', {
        postfach: '4711',
        strasse: 'Wird nicht gespeichert',
        hausnummer: '1',
      }),
    );
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ postfach: '4711', strasse: null, hausnummer: null });
    expect(await rows(billingAddresses)).toBe(before + 2);
    const list = (await call('GET', '/api/anschlussnutzer/rechnungsadressen', empty)).json();
    expect(
      list.map((row: { gueltigVon: string; gueltigBis: string | null }) => [
        row.gueltigVon,
        row.gueltigBis,
      ]),
    ).toEqual([
      ['2031-01-01', null],
      ['2030-01-01', '2030-12-31'],
    ]);
    // Only future ones: still none current.
    expect(
      (await call('GET', '/api/anschlussnutzer/aktuelleRechnungsadresse', empty)).statusCode,
    ).toBe(404);
    // A second address from the same day overwrites nothing.
    const again = await call(
      'POST',
      '/api/anschlussnutzer/rechnungsadresseAnlegen',
      empty,
      address('2031-01-01'),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().felder.gueltigVon).toMatch(/bereits hinterlegt/);
    expect(await rows(billingAddresses)).toBe(before + 2);
  });

  it('refuses every bad billing address field with a German message and stores nothing', async () => {
    const before = await rows(billingAddresses);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        address(tomorrow, { postleitzahl: '123' }),
        'postleitzahl',
        'Die Postleitzahl muss aus 4 oder 5 Ziffern bestehen.',
      ],
      [address(tomorrow, { hausnummer: '12 A' }), 'hausnummer', 'Die Hausnummer ist ungültig.'],
      [address(today), 'gueltigVon', 'Das Datum „gültig ab“ darf frühestens morgen sein.'],
      [
        address(tomorrow, { vorname: 'M' }),
        'vorname',
        'Der Vorname muss mindestens 2 Zeichen lang sein.',
      ],
      [
        address(tomorrow, { anrede: 'Firma', firma: '' }),
        'firma',
        'Bitte geben Sie den Firmennamen mit mindestens 2 Zeichen an.',
      ],
      [address(tomorrow, { ort: 'Ab' }), 'ort', 'Der Ort muss mindestens 3 Zeichen lang sein.'],
      [address(tomorrow, { land: 'Frankreich' }), 'land', 'Bitte wählen Sie ein Land.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call(
        'POST',
        '/api/anschlussnutzer/rechnungsadresseAnlegen',
        max,
        payload,
      );
      expect(response.statusCode, field).toBe(400);
      expect(response.json().felder[field], field).toBe(message);
    }
    expect(await rows(billingAddresses)).toBe(before);
  });

  it('deletes a future contract address, ends a current one and refuses the other action', async () => {
    const contract = maxContracts[0]!;
    const base = `/api/vertrag/${contract}/rechnungsadresse`;
    const created = await call('POST', `${base}/anlegen`, max, address('2032-05-01'));
    expect(created.statusCode).toBe(201);
    const futureId = created.json().id;
    const current = await call('POST', `${base}/anlegen`, max, address(tomorrow));
    expect(current.statusCode).toBe(201);
    // The tomorrow row stops the day before the future one.
    expect(current.json().gueltigBis).toBe('2032-04-30');

    expect((await call('DELETE', `${base}/beenden/${futureId}`, max)).statusCode).toBe(409);
    const before = await rows(billingAddresses);
    expect((await call('DELETE', `${base}/loeschen/${futureId}`, max)).statusCode).toBe(204);
    expect(await rows(billingAddresses)).toBe(before - 1);
    // The row it ended is open again.
    const list = (await call('GET', `${base}/alle`, max)).json();
    expect(list.find((row: { id: number }) => row.id === current.json().id).gueltigBis).toBeNull();

    // A contract-specific row that is valid today: the night contract's Postfach.
    const night = maxContracts[2]!;
    const [valid] = (await call('GET', `/api/vertrag/${night}/rechnungsadresse/alle`, max)).json();
    expect(
      (await call('DELETE', `/api/vertrag/${night}/rechnungsadresse/loeschen/${valid.id}`, max))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('DELETE', `/api/vertrag/${night}/rechnungsadresse/beenden/${valid.id}`, max))
        .statusCode,
    ).toBe(204);
    const [ended] = (await call('GET', `/api/vertrag/${night}/rechnungsadresse/alle`, max)).json();
    expect(ended.gueltigBis).toBe(today);
    expect(
      (
        await call('DELETE', `/api/vertrag/${night}/rechnungsadresse/beenden/${valid.id}`, max)
      ).json().message,
    ).toBe('Die Rechnungsadresse ist bereits beendet.');
  });

  it('answers 404 for a row of another contract or customer, and changes nothing', async () => {
    const [general] = (await call('GET', '/api/anschlussnutzer/rechnungsadressen', empty)).json();
    const before = await rows(billingAddresses);
    // 10005's row, asked through 10001's contract.
    const foreign = await call(
      'DELETE',
      `/api/vertrag/${maxContracts[0]}/rechnungsadresse/loeschen/${general.id}`,
      max,
    );
    expect(foreign.statusCode).toBe(404);
    // 10001's gas contract row, asked through another of 10001's contracts.
    const [gasBank] = (
      await call('GET', `/api/vertrag/${maxContracts[1]}/bankverbindung/alle`, max)
    ).json();
    const other = await call(
      'DELETE',
      `/api/vertrag/${maxContracts[0]}/bankverbindung/beenden/${gasBank.bankverbindungId}`,
      max,
    );
    expect(other.statusCode).toBe(404);
    expect(await rows(billingAddresses)).toBe(before);
  });

  it('checks an IBAN and fills bank name and BIC', async () => {
    const response = await call(
      'GET',
      '/api/bankverbindung/pruefe?iban=DE89370400440532013000',
      max,
    );
    expect(response.json()).toMatchObject({
      valide: true,
      bic: 'COBADEFFXXX',
      bankname: 'Commerzbank',
      blz: '37040044',
      art: 0,
    });
    const wrong = await call('GET', '/api/bankverbindung/pruefe?iban=DE88370400440532013000', max);
    expect(wrong.json()).toMatchObject({ valide: false, art: 3, feedback: { typ: 'invalid' } });
  });

  it('creates bank details with a mandate reference only when direct debit is allowed', async () => {
    const before = await rows(bankDetails);
    const withDebit = await call(
      'POST',
      '/api/anschlussnutzer/bankverbindungAnlegen',
      empty,
      bank('2030-01-01', {
        bic: 'FALSCH',
        bankname: 'Vom Formular',
      }),
    );
    expect(withDebit.statusCode).toBe(201);
    const created = withDebit.json();
    expect(created).toMatchObject({
      bic: 'COBADEFFXXX',
      bankname: 'Commerzbank',
      iban: 'DE89370400440532013000',
    });
    expect(created.mandatsreferenz).toMatch(/^[A-Z0-9-]{1,35}$/);
    const without = await call(
      'POST',
      '/api/anschlussnutzer/bankverbindungAnlegen',
      empty,
      bank('2030-06-01', {
        lastschrifteinzugErlaubt: false,
        iban: 'DE02120300000000202051',
      }),
    );
    expect(without.json()).toMatchObject({
      mandatsreferenz: null,
      bankname: 'Deutsche Kreditbank Berlin',
    });
    expect(await rows(bankDetails)).toBe(before + 2);
    const list = (await call('GET', '/api/anschlussnutzer/bankverbindungen', empty)).json();
    expect(list[1]).toMatchObject({ gueltigVon: '2030-01-01', gueltigBis: '2030-05-31' });
  });

  it('refuses bad bank details and stores nothing', async () => {
    const before = await rows(bankDetails);
    const cases: [Record<string, unknown>, string, string][] = [
      [bank(tomorrow, { iban: 'DE88370400440532013000' }), 'iban', 'Die IBAN ist ungültig.'],
      [
        bank(tomorrow, { kontoinhaber: 'Ma' }),
        'kontoinhaber',
        'Der Kontoinhaber muss mindestens 3 Zeichen lang sein.',
      ],
      [bank(today), 'gueltigVon', 'Das Datum „gültig ab“ darf frühestens morgen sein.'],
      [
        bank(tomorrow, { iban: 'DE57000000000532013000' }),
        'iban',
        'Zu dieser IBAN ist uns keine Bank bekannt.',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call(
        'POST',
        `/api/vertrag/${maxContracts[0]}/bankverbindung/anlegen`,
        max,
        payload,
      );
      expect(response.statusCode, field).toBe(400);
      expect(response.json().felder[field], field).toBe(message);
    }
    expect(await rows(bankDetails)).toBe(before);
  });

  it('stores a contact request and mails it to the service address', async () => {
    const before = await rows(contactRequests);
    const short = await call('POST', '/api/anschlussnutzer/kontaktanfrage', max, {
      betreff: 'SONSTIGES',
      text: 'x'.repeat(19),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().felder.text).toBe('Die Nachricht muss mindestens 20 Zeichen lang sein.');
    expect(await rows(contactRequests)).toBe(before);

    const text = 'Bitte senden Sie mir die letzte Rechnung erneut zu.';
    const response = await call('POST', '/api/anschlussnutzer/kontaktanfrage', max, {
      betreff: 'FRAGE_ZUR_ABRECHNUNG',
      text,
    });
    expect(response.statusCode).toBe(201);
    expect(await rows(contactRequests)).toBe(before + 1);
    const { anfrageNr } = response.json<{ anfrageNr: number }>();
    await server.app.mailer.deliverDue();
    const mails = readdirSync(server.config.mail.outboxDir).map((file) =>
      readFileSync(join(server.config.mail.outboxDir, file), 'utf8'),
    );
    const mail = mails.find((eml) => eml.includes('Kontaktanfrage 10001'));
    expect(mail).toBeDefined();
    expect(mail).toContain(`To: ${server.config.mandant.serviceEmail}`);
    expect(mail).toContain('Frage zur Abrechnung');
    expect(mail).toContain('Max Mustermann');
    // The number the customer is told is the one both mails name.
    expect(mail).toMatch(new RegExp(`^Anfrage-Nr\\.: ${anfrageNr}$`, 'm'));
    // The service team's "Antworten" reaches the customer; the customer keeps a copy.
    expect(mail).toMatch(/^Reply-To: max\.mustermann@example\.de$/m);
    expect(mail).toMatch(/^Auto-Submitted: auto-generated$/m);
    const copy = outboxMails(server.config.mail.outboxDir).find((eml) =>
      eml.includes('Subject: Ihre Kontaktanfrage: Frage zur Abrechnung'),
    );
    expect(copy).toMatch(/^To: max\.mustermann@example\.de$/m);
    expect(copy).not.toMatch(/^Reply-To:/m);
    expect(copy).toContain('Guten Tag Max Mustermann,');
    expect(copy).toContain(text);
    expect(copy).toMatch(new RegExp(`^Anfrage-Nr\\.: ${anfrageNr}$`, 'm'));
  });

  it('takes 5 contact requests of a customer an hour; the next gets a German 429 and writes nothing', async () => {
    server.clock.advanceSeconds(3601);
    const headers = await sessionHeaders(server.app, '10002');
    const send = (i: number) =>
      call('POST', '/api/anschlussnutzer/kontaktanfrage', headers, {
        betreff: 'SONSTIGES',
        text: `Bitte rufen Sie mich zurück, Anfrage ${i}.`,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(i)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const before = await rows(contactRequests);
    const mailsBefore = await rows(mailOutbox);
    const refused = await send(5);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Sie haben in der letzten Stunde bereits 5 Kontaktanfragen gesendet. Bitte versuchen Sie es später erneut.',
    );
    expect(await rows(contactRequests)).toBe(before);
    expect(await rows(mailOutbox)).toBe(mailsBefore);
    // Another customer is not held up; the customer is again an hour later.
    const other = await sessionHeaders(server.app, '10001');
    expect(
      (
        await call('POST', '/api/anschlussnutzer/kontaktanfrage', other, {
          betreff: 'SONSTIGES',
          text: 'Eine Anfrage eines anderen Kunden.',
        })
      ).statusCode,
    ).toBe(201);
    server.clock.advanceSeconds(3601);
    const later = await sessionHeaders(server.app, '10002');
    expect(
      (
        await call('POST', '/api/anschlussnutzer/kontaktanfrage', later, {
          betreff: 'SONSTIGES',
          text: 'Eine Stunde später wieder möglich.',
        })
      ).statusCode,
    ).toBe(201);
  });
});
