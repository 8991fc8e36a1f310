import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DOCUMENT_ACTIVE_MESSAGE, type ImportResult } from '@kundenportal/contract';
import * as t from '../src/db/schema/index';
import { outboxMails } from './outbox-files';
import {
  backends,
  login,
  operatorBearer,
  passwordHeader,
  PORTAL_URL,
  startOperatorApp,
  startTestServer,
  type TestServer,
} from './harness';

const KUNDE = '20001';
const VERTRAG = 7_000_001;
const ZAEHLER = '1ESY9990000001';
/** A PDF of no pages; `catalog` adds to its catalog's entries. */
const pdf = (text: string, catalog = '', objects = '') =>
  Buffer.from(
    `%PDF-1.4\n% ${text}\n1 0 obj<</Type/Catalog/Pages 2 0 R${catalog}>>endobj\n` +
      `2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n${objects}trailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  ).toString('base64');

const partner = {
  kundennummer: KUNDE,
  anrede: 'Frau',
  vorname: 'Ida',
  nachname: 'Import',
  email: 'ida.import@example.de',
  portalzugang: 'AKTIV',
};
const vertrag = {
  vertragsnummer: VERTRAG,
  kundennummer: KUNDE,
  versorgungsart: 'STROM',
  kundenArt: 'Haushaltskunde',
  anmeldungsart: 'Neueinzug',
  lieferbeginn: '2025-01-01',
  gewuenschterLieferbeginn: '2025-01-01',
  lieferadresse: { strasse: 'Importweg', hausnummer: '3', plz: '12345', ort: 'Musterstadt' },
};
const preisblatt = {
  vertragsnummer: VERTRAG,
  tarife: [
    {
      name: 'Importstrom Fix',
      tariftyp: 'ALLES_INKLUSIVE_BRUTTO',
      arbeitspreis: 0.3199,
      grundpreis: 129.6,
      preisgarantietyp: 'Vollständige Preisgarantie',
      gueltigVon: '2025-01-01',
    },
  ],
};
const zaehler = {
  zaehlernummer: ZAEHLER,
  vertragsnummer: VERTRAG,
  eingebautAm: '2025-01-01',
  kanaele: [{ obiskennzahl: '1-1:1.8.0', vorkommastellen: 6, nachkommastellen: 1 }],
};
const ablesung = {
  vertragsnummer: VERTRAG,
  zaehlernummer: ZAEHLER,
  ablesedatum: '2025-01-01',
  ermittlungsart: 'NETZBETREIBER',
  ablesegrund: 'Einzug',
  ableseart: 'Ablesung vor Ort',
  werte: [{ obiskennzahl: '1-1:1.8.0', ablesewert: 1234.5 }],
};
const dokument = {
  schluessel: 'DOK-20001-1',
  kundennummer: KUNDE,
  vertragsnummer: VERTRAG,
  dateiname: 'Begruessung.pdf',
  kategorie: 'Vertrag',
  beschreibung: 'Willkommen bei uns',
  erstellzeitpunkt: '2025-01-02T09:00:00+01:00',
  inhalt: pdf('Willkommen'),
};
const rechnungsadresse = {
  schluessel: 'RA-20001-1',
  kundennummer: KUNDE,
  gueltigVon: '2025-01-01',
  anrede: 'Frau',
  vorname: 'Ida',
  nachname: 'Import',
  strasse: 'Importweg',
  hausnummer: '3',
  postleitzahl: '12345',
  ort: 'Musterstadt',
};
const bankverbindung = {
  schluessel: 'BV-20001-1',
  kundennummer: KUNDE,
  kontoinhaber: 'Ida Import',
  iban: 'DE89 3704 0044 0532 0130 00',
  gueltigVon: '2025-01-01',
  mandatsreferenz: 'MR-20001-1',
};

/** Each kind in the order its records depend on each other, with one change of a field. */
const KINDS = [
  ['geschaeftspartner', partner, { mobil: '0171 2345678' }],
  ['vertraege', vertrag, { lieferadresse: { ...vertrag.lieferadresse, hausnummer: '3a' } }],
  ['preisblaetter', preisblatt, { tarife: [{ ...preisblatt.tarife[0], grundpreis: 131.4 }] }],
  ['zaehler', zaehler, { kanaele: [{ ...zaehler.kanaele[0], vorkommastellen: 7 }] }],
  ['ablesungen', ablesung, { ermittlungsart: 'ERSATZWERT' }],
  ['dokumente', dokument, { beschreibung: 'Willkommen im Portal' }],
  ['rechnungsadressen', rechnungsadresse, { co: 'Hausverwaltung' }],
  ['bankverbindungen', bankverbindung, { bic: 'COBADEFFXXX' }],
] as const;

describe.each(backends)('master-data import on %s', (backend) => {
  let server: TestServer;
  let operator: Awaited<ReturnType<typeof startOperatorApp>>;

  beforeAll(async () => {
    server = await startTestServer(backend);
    operator = await startOperatorApp(server);
  });
  afterAll(async () => {
    await operator.close();
    await server.close();
  });

  const put = (kind: string, records: unknown, contentType = 'application/json') =>
    operator.inject({
      method: 'PUT',
      url: `/import/${kind}`,
      headers: { ...operatorBearer, 'content-type': contentType },
      payload: typeof records === 'string' ? records : JSON.stringify(records),
    });
  const counts = (result: ImportResult) => [
    result.angelegt,
    result.aktualisiert,
    result.unveraendert,
    result.abgelehnt.length,
  ];

  it("is the operator port's alone: no key, no import; audited with the key's name", async () => {
    const body = { 'content-type': 'application/json' };
    const without = await operator.inject({
      method: 'PUT',
      url: '/import/geschaeftspartner',
      headers: body,
      payload: '[]',
    });
    expect(without.statusCode).toBe(401);
    // Without a body: the customers' port refuses a body no route of it takes (413) before
    // it would look for the path.
    const onCustomersPort = await server.app.inject({
      method: 'PUT',
      url: '/import/geschaeftspartner',
      headers: operatorBearer,
    });
    expect(onCustomersPort.statusCode).toBe(404);
    expect((await put('geschaeftspartner', [])).statusCode).toBe(200);
    const audited = await server.db
      .select()
      .from(t.operatorAudit)
      .where(eq(t.operatorAudit.pfad, '/import/geschaeftspartner'));
    expect(audited.map((row) => [row.schluessel, row.methode])).toEqual([['test', 'PUT']]);
  });

  it('creates each entity, leaves it as it is when sent again, and updates a changed field', async () => {
    for (const [kind, record, change] of KINDS) {
      const created = await put(kind, [record]);
      expect(created.statusCode, kind).toBe(200);
      expect(counts(created.json()), `${kind}: ${created.body}`).toEqual([1, 0, 0, 0]);
      expect(counts((await put(kind, [record])).json()), kind).toEqual([0, 0, 1, 0]);
      expect(counts((await put(kind, [{ ...record, ...change }])).json()), kind).toEqual([
        0, 1, 0, 0,
      ]);
      expect(counts((await put(kind, [{ ...record, ...change }])).json()), kind).toEqual([
        0, 0, 1, 0,
      ]);
    }
    const [customer] = await server.db
      .select()
      .from(t.customers)
      .where(eq(t.customers.kundennummer, KUNDE));
    expect(customer).toMatchObject({ mobil: '0171 2345678', portalAccess: true });
    const [contract] = await server.db
      .select()
      .from(t.contracts)
      .where(eq(t.contracts.id, VERTRAG));
    expect(contract).toMatchObject({ customerId: customer!.id, hausnummer: '3a' });
    const meters = await server.db.select().from(t.meters).where(eq(t.meters.contractId, VERTRAG));
    expect(meters).toHaveLength(1);
    const channels = await server.db
      .select()
      .from(t.meterChannels)
      .where(eq(t.meterChannels.meterId, meters[0]!.id));
    expect(channels).toMatchObject([{ obiskennzahl: '1-1:1.8.0', vorkommastellen: 7 }]);
    const readings = await server.db
      .select()
      .from(t.readings)
      .where(eq(t.readings.contractId, VERTRAG));
    expect(readings).toMatchObject([{ ermittlungsart: 'ERSATZWERT', ablesedatum: '2025-01-01' }]);
    const tariffs = await server.db
      .select()
      .from(t.tariffs)
      .where(eq(t.tariffs.contractId, VERTRAG));
    expect(tariffs).toMatchObject([{ grundpreis: 131.4, istDynamisch: false }]);
    const [bank] = await server.db
      .select()
      .from(t.bankDetails)
      .where(eq(t.bankDetails.schluessel, 'BV-20001-1'));
    expect(bank).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
  });

  it('refuses a bad record with a German message naming its index, key and field, and stores the good ones', async () => {
    const good = { ...bankverbindung, schluessel: 'BV-20001-2', mandatsreferenz: 'MR-20001-2' };
    const bad = { ...bankverbindung, schluessel: 'BV-20001-3', iban: 'DE00370400440532013000' };
    const response = await put('bankverbindungen', [good, bad]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      angelegt: 1,
      aktualisiert: 0,
      unveraendert: 0,
      abgelehnt: [
        {
          index: 1,
          schluessel: 'BV-20001-3',
          message: 'Datensatz 1 (BV-20001-3), Feld „iban“: Die IBAN ist ungültig.',
          felder: { iban: 'Die IBAN ist ungültig.' },
        },
      ],
    });
    const stored = await server.db
      .select({ schluessel: t.bankDetails.schluessel })
      .from(t.bankDetails)
      .where(eq(t.bankDetails.kontoinhaber, 'Ida Import'));
    expect(stored.map((row) => row.schluessel).sort()).toEqual(['BV-20001-1', 'BV-20001-2']);
  });

  it('refuses a PDF with scripts, actions or embedded files, however its names are written, and an unreadable one', async () => {
    const script = '3 0 obj<</S/JavaScript/JS(app.alert(1))>>endobj\n';
    const refused = [
      pdf('open', '/OpenAction 3 0 R', script),
      pdf('escaped', '/OpenAction 3 0 R', '3 0 obj<</S/J#61vaScript/J#53(app.alert(1))>>endobj\n'),
      pdf('launch', '/OpenAction<</S/Launch/F(cmd.exe)>>'),
      pdf('additional', '/AA<</O 3 0 R>>', script),
      pdf('files', '/Names<</EmbeddedFiles<</Names[]>>>>'),
      pdf('xfa', '/AcroForm<</Fields[]/XFA 3 0 R>>', '3 0 obj<<>>endobj\n'),
      Buffer.from('%PDF-1.4\nnothing readable').toString('base64'),
    ];
    for (const [index, inhalt] of refused.entries()) {
      const answer = (
        await put('dokumente', [{ ...dokument, schluessel: `AKTIV-${index}`, inhalt }])
      ).json();
      expect(answer.abgelehnt[0]?.felder, `document ${index}`).toEqual({
        inhalt: DOCUMENT_ACTIVE_MESSAGE,
      });
    }
  });

  it('refuses what the rules forbid: unknown keys, foreign contracts, digits, no PDF, a taken mandate', async () => {
    const result: ImportResult[] = [
      (
        await put('vertraege', [{ ...vertrag, vertragsnummer: 7_000_002, kundennummer: '29999' }])
      ).json(),
      (await put('vertraege', [{ ...vertrag, kundennummer: '10001' }])).json(),
      (
        await put('ablesungen', [
          { ...ablesung, werte: [{ obiskennzahl: '1-1:1.8.0', ablesewert: 1.25 }] },
        ])
      ).json(),
      (
        await put('ablesungen', [
          { ...ablesung, werte: [{ obiskennzahl: '1-1:2.8.0', ablesewert: 1 }] },
        ])
      ).json(),
      (await put('ablesungen', [{ ...ablesung, zaehlernummer: 'UNBEKANNT' }])).json(),
      (
        await put('dokumente', [{ ...dokument, inhalt: Buffer.from('GIF89a').toString('base64') }])
      ).json(),
      (await put('rechnungsadressen', [{ ...rechnungsadresse, vertragsnummer: 5_000_001 }])).json(),
      (
        await put('bankverbindungen', [
          { ...bankverbindung, schluessel: 'BV-X', mandatsreferenz: 'MR-10001-0001' },
        ])
      ).json(),
      (
        await put('zaehler', [
          {
            ...zaehler,
            kanaele: [{ obiskennzahl: '1.8.0', vorkommastellen: 6, nachkommastellen: 1 }],
          },
        ])
      ).json(),
      (
        await put('geschaeftspartner', [
          { ...partner, kundennummer: '20002', email: 'keine-adresse' },
        ])
      ).json(),
    ];
    expect(result.map((each) => each.abgelehnt[0]?.felder)).toEqual([
      {
        kundennummer:
          'Die Kundennummer 29999 ist nicht bekannt. Bitte importieren Sie zuerst den Geschäftspartner.',
      },
      {
        kundennummer: `Der Vertrag ${VERTRAG} gehört zu einem anderen Kunden als 10001; ein Vertrag wechselt nicht den Kunden.`,
      },
      {
        'werte.0.ablesewert':
          'Die Ablesung darf höchstens 7 Vorkommastellen und darf maximal 1 Nachkommastelle(n) haben.',
      },
      { 'werte.0.obiskennzahl': 'Der Zähler hat kein Zählwerk mit der Kennzahl 1-1:2.8.0.' },
      {
        zaehlernummer: `Der Zähler UNBEKANNT ist zum Vertrag ${VERTRAG} nicht bekannt. Bitte importieren Sie zuerst den Zähler.`,
      },
      { inhalt: 'Der Inhalt ist kein PDF-Dokument.' },
      { vertragsnummer: `Der Vertrag 5000001 gehört nicht zum Kunden ${KUNDE}.` },
      {
        mandatsreferenz: 'Die Mandatsreferenz ist bereits einer anderen Bankverbindung zugeordnet.',
      },
      {
        'kanaele.0.obiskennzahl':
          'Die OBIS-Kennzahl muss die Form Medium-Kanal:Messgröße.Messart.Tarif haben, z. B. 1-1:1.8.0.',
      },
      { email: expect.stringMatching(/E-Mail/) },
    ]);
    for (const each of result) expect(counts(each)).toEqual([0, 0, 0, 1]);
    const [contract] = await server.db
      .select()
      .from(t.contracts)
      .where(eq(t.contracts.id, 7_000_002));
    expect(contract).toBeUndefined();
  });

  it('takes NDJSON, and refuses a line that is no JSON and a body that is no list', async () => {
    const stored = { ...partner, mobil: '0171 2345678' };
    const ndjson = [stored, { ...partner, kundennummer: '20003', vorname: 'Jan' }]
      .map((record) => JSON.stringify(record))
      .join('\n');
    const response = await put('geschaeftspartner', `${ndjson}\n`, 'application/x-ndjson');
    expect(counts(response.json())).toEqual([1, 0, 1, 0]);
    const broken = await put('geschaeftspartner', `${ndjson}\n{kaputt`, 'application/x-ndjson');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(
      'Zeile 3 ist kein JSON-Objekt. NDJSON hat einen Datensatz je Zeile.',
    );
    const notAList = await put('geschaeftspartner', partner);
    expect(notAList.statusCode).toBe(400);
    expect(notAList.json().message).toMatch(/Liste von Datensätzen/);
  });

  it('creates a new key once when imports of it arrive at the same time, and answers each', async () => {
    // A customer and her contract at once from four imports: each looks, finds nothing and
    // inserts; those that lose the race on PostgreSQL see the winner's row on their retry.
    const kunde = { ...partner, kundennummer: '20099', email: 'gleichzeitig@example.de' };
    const contract = { ...vertrag, vertragsnummer: 7_000_099, kundennummer: '20099' };
    for (const [kind, record] of [
      ['geschaeftspartner', kunde],
      ['vertraege', contract],
    ] as const) {
      const answers = await Promise.all([1, 2, 3, 4].map(() => put(kind, [record])));
      expect(
        answers.map((answer) => answer.statusCode),
        answers.map((answer) => answer.body).join('\n'),
      ).toEqual([200, 200, 200, 200]);
      const results = answers.map((answer) => answer.json<ImportResult>());
      expect(results.map((result) => result.abgelehnt)).toEqual([[], [], [], []]);
      expect(
        results.reduce((sum, result) => sum + result.angelegt, 0),
        kind,
      ).toBe(1);
      expect(
        results.reduce((sum, result) => sum + result.unveraendert, 0),
        kind,
      ).toBe(3);
    }
    const customers = await server.db
      .select()
      .from(t.customers)
      .where(eq(t.customers.kundennummer, '20099'));
    expect(customers).toHaveLength(1);
    const contracts = await server.db
      .select()
      .from(t.contracts)
      .where(eq(t.contracts.customerId, customers[0]!.id));
    expect(contracts.map((row) => row.id)).toEqual([7_000_099]);
  });

  it('lets an imported customer in after a password reset, with her contract, meter and tariff', async () => {
    const before = await login(server.app, KUNDE, 'irgendein-Passwort-1');
    expect(before.token).toBeUndefined();
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/passwort_reset',
      headers: { kundennummer: KUNDE, basisUrl: `${PORTAL_URL}/passwort/erneuern` },
    });
    expect(reset.statusCode).toBe(200);
    await server.app.mailer.deliverDue();
    const mail = outboxMails(server.config.mail.outboxDir).at(-1)!;
    expect(mail).toContain('ida.import@example.de');
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail)![1]!;
    const done = await server.app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/passwort_reset_abschluss',
      headers: { token, neuesPasswort: passwordHeader('Importiert-2026!') },
    });
    expect(done.statusCode).toBe(200);
    const { token: session } = await login(server.app, KUNDE, 'Importiert-2026!');
    const headers = { token: session!, kundennummer: KUNDE };
    const get = (url: string) => server.app.inject({ method: 'GET', url, headers });
    expect((await get('/api/anschlussnutzer')).json().vertraege).toEqual([VERTRAG]);
    expect((await get(`/api/vertrag/${VERTRAG}`)).json()).toMatchObject({
      status: 'AKTIV',
      lieferadresse: { strasse: 'Importweg', hausnummer: '3a' },
    });
    expect((await get(`/api/vertrag/${VERTRAG}/zaehler`)).json()).toMatchObject({
      nummer: ZAEHLER,
      letzteAblesung: { ablesedatum: '2025-01-01', ablesewerte: { '1-1:1.8.0': 1234.5 } },
    });
    expect((await get(`/api/vertrag/${VERTRAG}/aktueller_tarif`)).json()).toMatchObject({
      name: 'Importstrom Fix',
      grundpreis: 131.4,
    });
    const documents = (await get('/api/dokument/alle')).json();
    expect(documents).toMatchObject([{ dateiname: 'Begruessung.pdf' }]);
  });

  it('ends what the portal would end when an import takes access, asks for a new password or changes the address', async () => {
    const changed = { ...partner, mobil: '0171 2345678' };
    const app = server.app;
    const customerGet = (token: string) =>
      app.inject({
        method: 'GET',
        url: '/api/anschlussnutzer',
        headers: { token, kundennummer: KUNDE },
      });
    const newestTokenTo = async (to: string, path: string) => {
      await app.mailer.deliverDue();
      const mail = outboxMails(server.config.mail.outboxDir)
        .filter((text) => text.includes(`To: ${to}`))
        .at(-1)!;
      return new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`).exec(mail)![1]!;
    };
    const askReset = async (to: string) => {
      await app.inject({
        method: 'POST',
        url: '/api/anschlussnutzer/passwort_reset',
        headers: { kundennummer: KUNDE, basisUrl: `${PORTAL_URL}/passwort/erneuern` },
      });
      return newestTokenTo(to, '/passwort/erneuern');
    };
    const resetUsable = async (token: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/anschlussnutzer/passwort_reset_pruefen',
          headers: { token },
        })
      ).json().nutzbar;
    const askEmailChange = async (token: string, password: string, email: string) => {
      const asked = await app.inject({
        method: 'PUT',
        url: '/api/anschlussnutzer/kontaktdatenAktualisieren',
        headers: { token, kundennummer: KUNDE, passwort: passwordHeader(password) },
        payload: { email, festnetz: null, mobil: '0171 2345678', fax: null },
      });
      expect(asked.statusCode).toBe(200);
      return newestTokenTo(email, '/email/bestaetigen');
    };
    const confirm = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/anschlussnutzer/email_bestaetigen',
        headers: { token },
      });

    // A new address: the links mailed to the old one end, the session goes on.
    const { token: session } = await login(app, KUNDE, 'Importiert-2026!');
    const resetToOld = await askReset('ida.import@example.de');
    const pendingChange = await askEmailChange(
      session!,
      'Importiert-2026!',
      'ida.privat@example.de',
    );
    let imported = await put('geschaeftspartner', [{ ...changed, email: 'ida.zwei@example.de' }]);
    expect(imported.json().aktualisiert).toBe(1);
    expect(await resetUsable(resetToOld)).toBe(false);
    expect((await confirm(pendingChange)).statusCode).toBe(400);
    expect((await customerGet(session!)).statusCode).toBe(200);

    // A password change due: the session ends, and the next login leads to the change.
    imported = await put('geschaeftspartner', [
      { ...changed, email: 'ida.zwei@example.de', portalzugang: 'PASSWORT_AENDERN' },
    ]);
    expect(imported.json().aktualisiert).toBe(1);
    expect((await customerGet(session!)).statusCode).toBe(401);
    expect((await login(app, KUNDE, 'Importiert-2026!')).response.statusCode).toBe(700);
    const forced = await app.inject({
      method: 'PUT',
      url: '/api/anschlussnutzer/passwort_aendern',
      headers: { kundennummer: KUNDE },
      payload: { altesPasswort: 'Importiert-2026!', neuesPasswort: 'Nachimport-2026!' },
    });
    expect(forced.statusCode).toBe(200);

    // Access taken away: the session, the reset link and the change all end.
    const { token: second } = await login(app, KUNDE, 'Nachimport-2026!');
    const resetLink = await askReset('ida.zwei@example.de');
    const secondChange = await askEmailChange(second!, 'Nachimport-2026!', 'ida.drei@example.de');
    imported = await put('geschaeftspartner', [
      { ...changed, email: 'ida.zwei@example.de', portalzugang: 'KEIN_ZUGANG' },
    ]);
    expect(imported.json().aktualisiert).toBe(1);
    expect((await customerGet(second!)).statusCode).toBe(401);
    expect(await resetUsable(resetLink)).toBe(false);
    expect((await confirm(secondChange)).statusCode).toBe(400);
    const [stored] = await server.db
      .select()
      .from(t.customers)
      .where(eq(t.customers.kundennummer, KUNDE));
    expect(stored!.email).toBe('ida.zwei@example.de');
  });
});
