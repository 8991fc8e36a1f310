import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/index';
import * as t from '../src/db/schema/index';
import { insertDocument } from '../src/demo/insert';
import { STROM_HT, STROM_NT } from '../src/demo/model';
import { backends, sessionHeaders, startTestServer, type TestServer } from './harness';
import { contractSpec, dynamicTariff, fixedTariff, newContracts, newCustomer } from './rows';

type Headers = Awaited<ReturnType<typeof sessionHeaders>>;

/**
 * The contract calls on rows this test builds (./rows): one contract per derived status, a
 * dynamic tariff between a fixed one and a future one, a day/night meter read twice, and the
 * addresses, bank details and documents each test writes. The demo accounts serve only as other
 * customers whose data must stay out of reach.
 */
describe.each(backends)('contracts, tariffs, documents and cancellation on %s', (backend) => {
  let server: TestServer;
  let own: Headers;
  let ownCustomer: Awaited<ReturnType<typeof newCustomer>>;
  let max: Headers;
  let baeckerei: Headers;
  let baeckereiContracts: number[];
  /** active (dynamic), ended, cancelled, ordered, voided, active (day/night meter) */
  let contracts: [number, number, number, number, number, number];

  const get = (url: string, headers: Headers) => server.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    server = await startTestServer(backend);
    const customer = await newCustomer(server.db);
    ownCustomer = customer;
    const delivered = { lieferbeginn: '2024-03-01', gewuenschterLieferbeginn: '2024-03-01' };
    contracts = (
      await newContracts(
        server.db,
        customer.customerId,
        [
          contractSpec({
            ...delivered,
            adresse: { strasse: 'Prüfweg', hausnummer: '7b', plz: '54321', ort: 'Prüfstadt' },
            tarife: [
              fixedTariff({ name: 'Fix 24', gueltigVon: '2024-03-01', gueltigBis: '2024-12-31' }),
              dynamicTariff({
                name: 'Dynamisch',
                grundpreis: 100,
                gueltigVon: '2025-01-01',
                gueltigBis: '2098-12-31',
              }),
              dynamicTariff({ name: 'Dynamisch 2', gueltigVon: '2099-01-01' }),
            ],
          }),
          contractSpec({
            ...delivered,
            lieferende: '2025-06-30',
            tarife: [fixedTariff({ gueltigBis: '2025-06-30' })],
          }),
          contractSpec({ ...delivered, gewuenschtesLieferende: '2030-01-31' }),
          contractSpec({ lieferbeginn: null }),
          contractSpec({ ...delivered, storniert: true }),
          contractSpec({
            ...delivered,
            tarife: [fixedTariff({ arbeitspreis: 0.2641, arbeitspreisNt: 0.2015, anteilNt: 0.35 })],
            zaehler: {
              nummer: 'TEST-HT-NT-1',
              kanaele: [STROM_HT, STROM_NT],
              ablesungen: [
                ['2024-04-30', [10_000, 5_000]],
                ['2025-04-30', [14_277.8, 7_282.5]],
              ].map(([ablesedatum, werte]) => ({
                ablesedatum: ablesedatum as string,
                werte: werte as number[],
                ermittlungsart: 'NETZBETREIBER' as const,
                ablesegrund: 'Turnusablesung',
                ableseart: 'Ablesung vor Ort',
              })),
            },
          }),
        ],
        server.clock.now,
      )
    ).map((row) => row.id) as typeof contracts;
    own = await sessionHeaders(server.app, customer.kundennummer, customer.password);
    max = await sessionHeaders(server.app, '10001');
    baeckerei = await sessionHeaders(server.app, '10002');
    baeckereiContracts = (await get('/api/anschlussnutzer', baeckerei)).json().vertraege;
  });
  afterAll(() => server.close());

  it('answers the master data with the derived status', async () => {
    const statuses = [];
    for (const id of contracts) {
      const response = await get(`/api/vertrag/${id}`, own);
      expect(response.statusCode).toBe(200);
      statuses.push(response.json().status);
    }
    expect(statuses).toEqual([
      'AKTIV',
      'BEENDET',
      'GEKUENDIGT',
      'BEAUFTRAGT',
      'STORNIERT',
      'AKTIV',
    ]);
    expect((await get(`/api/vertrag/${contracts[0]}`, own)).json()).toMatchObject({
      versorgungsart: 'STROM',
      kundenArt: 'Haushaltskunde',
      lieferbeginn: '2024-03-01',
      lieferadresse: { strasse: 'Prüfweg', hausnummer: '7b', plz: '54321', ort: 'Prüfstadt' },
    });
  });

  it('answers the current tariff, a dynamic household tariff’s grundpreis gross', async () => {
    const dynamic = (await get(`/api/vertrag/${contracts[0]}/aktueller_tarif`, own)).json();
    expect(dynamic).toMatchObject({
      name: 'Dynamisch',
      tariftyp: 'DYNAMISCHER_PREIS',
      istDynamisch: true,
      grundpreis: 119, // 100 net × 1.19
    });
    const night = (await get(`/api/vertrag/${contracts[5]}/aktueller_tarif`, own)).json();
    expect(night).toMatchObject({ arbeitspreis: 0.2641, arbeitspreisNT: 0.2015, anteilNt: 0.35 });
  });

  it('has no current tariff for an ended contract', async () => {
    const response = await get(`/api/vertrag/${contracts[1]}/aktueller_tarif`, own);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(
      'Es ist kein Tarif für diesen Vertrag in unserem System hinterlegt',
    );
  });

  it('answers the tariff history in historie', async () => {
    const response = await get(`/api/vertrag/${contracts[0]}/tarifhistorie`, own);
    expect(response.statusCode).toBe(200);
    expect(response.json().historie.map((tariff: { name: string }) => tariff.name)).toEqual([
      'Fix 24',
      'Dynamisch',
      'Dynamisch 2',
    ]);
  });

  it('answers the readings of a day/night meter and the consumption between them', async () => {
    const night = contracts[5];
    const readings = (await get(`/api/vertrag/${night}/ablesungen`, own)).json();
    expect(readings).toHaveLength(2);
    expect(readings[0].ablesedatum).toBe('2025-04-30');
    expect(Object.keys(readings[0].ablesewerte)).toEqual(['1-1:1.8.1', '1-1:1.8.2']);
    const consumption = (await get(`/api/vertrag/${night}/verbraeuche`, own)).json();
    expect(consumption).toEqual([
      {
        von: '2024-04-30',
        bis: '2025-04-30',
        summe: 6560.3,
        summeJahr: 6560.3, // 365 days
        prognose: 6560.3,
        proKanal: [
          { obiskennzahl: '1-1:1.8.1', verbrauch: 4277.8 },
          { obiskennzahl: '1-1:1.8.2', verbrauch: 2282.5 },
        ],
        zaehlerstandGefallen: false,
      },
    ]);
  });

  it('answers the contract-specific address and bank details', async () => {
    const [dynamic, , , , , night] = contracts;
    const { customerId } = ownCustomer;
    await server.db.insert(t.billingAddresses).values({
      customerId,
      contractId: night,
      gueltigVon: '2024-03-01',
      anrede: 'Frau',
      vorname: 'Test',
      nachname: 'Kundin',
      postfach: '4711',
      postleitzahl: '54321',
      ort: 'Prüfstadt',
    });
    await server.db.insert(t.bankDetails).values({
      customerId,
      contractId: dynamic,
      kontoinhaber: 'Tessa Kundin',
      iban: 'DE02120300000000202051',
      gueltigVon: '2024-03-01',
      mandatsreferenz: `MR-${ownCustomer.kundennummer}-TEST`,
    });
    const address = (await get(`/api/vertrag/${night}/rechnungsadresse/aktuelle`, own)).json();
    expect(address).toMatchObject({ postfach: '4711', ort: 'Prüfstadt', vertragId: night });
    const bank = (await get(`/api/vertrag/${dynamic}/bankverbindung/alle`, own)).json();
    expect(bank).toHaveLength(1);
    expect(bank[0]).toMatchObject({ kontoinhaber: 'Tessa Kundin', vertragId: dynamic });
    // each contract answers its own rows: none of the other's
    const none = await get(`/api/vertrag/${dynamic}/rechnungsadresse/aktuelle`, own);
    expect(none.statusCode).toBe(404);
    expect((await get(`/api/vertrag/${night}/bankverbindung/alle`, own)).json()).toEqual([]);
  });

  it('answers 404 for a foreign or unknown contract on every call', async () => {
    const foreign = baeckereiContracts[0]!;
    const paths = [
      '',
      '/aktueller_tarif',
      '/tarifhistorie',
      '/ablesungen',
      '/verbraeuche',
      '/rechnungsadresse/alle',
      '/rechnungsadresse/aktuelle',
      '/bankverbindung/alle',
      '/bankverbindung/aktuelle',
    ];
    for (const id of [foreign, 999_999, 'abc']) {
      for (const path of paths) {
        const response = await get(`/api/vertrag/${id}${path}`, max);
        expect(response.statusCode, `${id}${path}`).toBe(404);
        expect(response.json().message, `${id}${path}`).toBe('Der Vertrag wurde nicht gefunden.');
      }
      const cancel = await server.app.inject({
        method: 'POST',
        url: `/api/vertrag/${id}/kuendigen`,
        headers: max,
        payload: { grund: 'AUSZUG', datum: '2030-01-31' },
      });
      expect(cancel.statusCode).toBe(404);
      expect((await get(`/api/dokument/${id}`, max)).statusCode).toBe(404);
    }
  });

  it('lists documents and serves their PDF bytes under their file name', async () => {
    const [dynamic, ended] = contracts;
    const to = {
      mandant: server.config.mandant,
      customerId: ownCustomer.customerId,
      kundennummer: ownCustomer.kundennummer,
      empfaenger: ['Frau Test Kundin', 'Prüfweg 7b', '54321 Prüfstadt'],
    };
    const letter = (contractId: number | null, dateiname: string, erstellt: string) => ({
      contractId,
      dateiname,
      kategorie: 'Rechnung',
      beschreibung: dateiname.replace('.pdf', ''),
      erstellt: new Date(erstellt),
      bloecke: [],
    });
    await insertDocument(
      server.db,
      to,
      letter(dynamic, 'Rechnung_2025.pdf', '2026-01-14T06:45:00Z'),
    );
    await insertDocument(
      server.db,
      to,
      letter(dynamic, 'Abschlag_2026.pdf', '2026-02-01T08:00:00Z'),
    );
    await insertDocument(server.db, to, letter(ended, 'Schluss.pdf', '2025-07-15T08:00:00Z'));
    await insertDocument(server.db, to, letter(null, 'Willkommen.pdf', '2024-02-20T08:00:00Z'));

    const all = (await get('/api/dokument/alle', own)).json();
    expect(all.map((doc: { dateiname: string }) => doc.dateiname).sort()).toEqual([
      'Abschlag_2026.pdf',
      'Rechnung_2025.pdf',
      'Schluss.pdf',
      'Willkommen.pdf',
    ]);
    const ofDynamic = (await get(`/api/dokument/${dynamic}`, own)).json();
    expect(ofDynamic.map((doc: { dateiname: string }) => doc.dateiname).sort()).toEqual([
      'Abschlag_2026.pdf',
      'Rechnung_2025.pdf',
    ]);
    const file = await get(`/api/dokument/daten/${ofDynamic[0].id}`, own);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`filename="${ofDynamic[0].dateiname}"`);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(ofDynamic[0].groesse);
  });

  it("does not serve another customer's document", async () => {
    const foreignDoc = (await get('/api/dokument/alle', baeckerei)).json()[0];
    for (const id of [foreignDoc.id, 999_999, 'abc']) {
      const response = await get(`/api/dokument/daten/${id}`, max);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Das Dokument wurde nicht gefunden.');
    }
  });

  it('cancels an active contract from the second working day, once', async () => {
    // Tuesday 22.12.2026: 23. is the first working day, 24.–27. are none, 28. is the second.
    server.clock.now = new Date('2026-12-22T09:00:00Z');
    const headers = await sessionHeaders(
      server.app,
      ownCustomer.kundennummer,
      ownCustomer.password,
    );
    const id = contracts[0];
    const cancel = (payload: object) =>
      server.app.inject({ method: 'POST', url: `/api/vertrag/${id}/kuendigen`, headers, payload });

    const badReason = await cancel({ grund: 'LAUNE', datum: '2027-01-31' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().felder.grund).toBe('Bitte wählen Sie einen Kündigungsgrund.');
    for (const datum of ['2026-12-23', '2026-12-25', '2026-12-27']) {
      const early = await cancel({ grund: 'AUSZUG', datum });
      expect(early.statusCode, datum).toBe(400);
      expect(early.json().message).toBe('Das Lieferende darf frühestens am 28.12.2026 liegen.');
    }
    expect((await get(`/api/vertrag/${id}`, headers)).json().status).toBe('AKTIV');

    const ok = await cancel({ grund: 'AUSZUG', datum: '2026-12-28', text: 'Umzug nach Hamburg' });
    expect(ok.statusCode).toBe(200);
    const after = (await get(`/api/vertrag/${id}`, headers)).json();
    expect(after).toMatchObject({ status: 'GEKUENDIGT', gewuenschtesLieferende: '2026-12-28' });
    // The answer is the contract as it is now.
    expect(ok.json()).toEqual(after);

    const again = await cancel({ grund: 'AUSZUG', datum: '2027-01-29' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Dieser Vertrag ist bereits gekündigt.');

    const ended = await server.app.inject({
      method: 'POST',
      url: `/api/vertrag/${contracts[1]}/kuendigen`,
      headers,
      payload: { grund: 'AUSZUG', datum: '2027-01-29' },
    });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('Nur aktive Verträge können gekündigt werden.');

    const audit = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'VERTRAG_GEKUENDIGT'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ vertragId: id, grund: 'AUSZUG', datum: '2026-12-28' });
  });

  it('serves the holidays of every state in the third-party shape, without login', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/feiertage?years=2026,2027',
    });
    expect(response.statusCode).toBe(200);
    const { feiertage } = response.json();
    expect(feiertage.find((day: { date: string }) => day.date === '2026-12-25')).toMatchObject({
      fname: '1. Weihnachtstag',
      by: '1',
      sh: '1',
    });
    expect(feiertage.some((day: { date: string }) => day.date === '2027-03-26')).toBe(true);
    const bad = await server.app.inject({ method: 'GET', url: '/api/feiertage?years=20x6' });
    expect(bad.statusCode).toBe(400);
  });
});
