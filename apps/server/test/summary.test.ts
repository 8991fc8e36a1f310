import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  berlinDayOf,
  DocumentListSchema,
  PriceSeriesSchema,
  SummarySchema,
  type ContractSummary,
} from '@kundenportal/contract';
import { backends, sessionHeaders, startTestServer, type TestServer } from './harness';

type Headers = Awaited<ReturnType<typeof sessionHeaders>>;

const DYNAMIC_METER = '1ESY1160512345';

describe.each(backends)('the landing summary GET /api/uebersicht on %s', (backend) => {
  let server: TestServer;
  let max: Headers;
  let maxContracts: number[];

  const get = (url: string, headers?: Headers) =>
    server.app.inject({ method: 'GET', url, ...(headers && { headers }) });
  const summaryOf = async (headers: Headers) => {
    const response = await get('/api/uebersicht', headers);
    expect(response.statusCode).toBe(200);
    return SummarySchema.parse(response.json()).vertraege;
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    max = await sessionHeaders(server.app, '10001');
    maxContracts = (await get('/api/anschlussnutzer', max)).json().vertraege;
  });
  afterAll(() => server.close());

  it('refuses a visitor without a session', async () => {
    expect((await get('/api/uebersicht')).statusCode).toBe(401);
  });

  it("answers only the customer's own supplied contracts", async () => {
    const baeckerei = await sessionHeaders(server.app, '10002');
    const leer = await sessionHeaders(server.app, '10005');
    const baeckereiContracts: number[] = (await get('/api/anschlussnutzer', baeckerei)).json()
      .vertraege;

    // 10001: the three active ones, not the ended one.
    expect((await summaryOf(max)).map((contract) => contract.vertragId)).toEqual(
      maxContracts.slice(0, 3),
    );
    // 10002: the cancelled one still supplied and the ordered one, not the voided one; none
    // of 10001's.
    const theirs = await summaryOf(baeckerei);
    expect(theirs.map((contract) => [contract.vertragId, contract.status])).toEqual([
      [baeckereiContracts[0], 'GEKUENDIGT'],
      [baeckereiContracts[1], 'BEAUFTRAGT'],
    ]);
    expect(theirs.some((contract) => maxContracts.includes(contract.vertragId))).toBe(false);
    // The cancelled one says until when it is supplied; an active one has no end.
    expect(theirs[0]?.gekuendigtZum).toBe('2026-12-31');
    // The ordered one says when its supply begins, with the tariff agreed for it.
    expect(theirs[1]).toMatchObject({
      lieferbeginnAb: '2027-01-01',
      gekuendigtZum: null,
      tarif: { name: 'Gewerbegas Fix' },
      naechsterTarif: null,
    });
    expect((await summaryOf(max)).map((contract) => contract.gekuendigtZum)).toEqual([
      null,
      null,
      null,
    ]);
    expect(await summaryOf(leer)).toEqual([]);
  });

  it('tells the tariff, the price now and the change ahead of the dynamic contract', async () => {
    const [dynamic] = await summaryOf(max);
    expect(dynamic?.tarif).toMatchObject({
      name: 'Musterstrom Dynamisch',
      istDynamisch: true,
      brutto: true,
      grundpreis: 183.5,
    });
    expect(dynamic?.naechsterTarif).toMatchObject({
      name: 'Musterstrom Dynamisch 2',
      grundpreis: 189.21,
    });
    // The price now is the price series' interval that is running.
    const now = server.clock.now.getTime();
    const series = PriceSeriesSchema.parse(
      (await get(`/api/vertrag/${maxContracts[0]}/preiszeitreihe`, max)).json(),
    );
    const running = series.preise.filter((price) => Date.parse(price.von) <= now).at(-1);
    expect(dynamic?.preisJetzt?.von).toBe(running?.von);
    expect(dynamic?.preisJetzt?.preis).toBeCloseTo(running?.preis ?? 0, 5);
  });

  it('names the last reading and the newest document of each contract', async () => {
    const summaries = await summaryOf(max);
    const documents = DocumentListSchema.parse((await get('/api/dokument/alle', max)).json());
    for (const summary of summaries) {
      const readings = (await get(`/api/vertrag/${summary.vertragId}/ablesungen`, max)).json();
      expect(summary.letzteAblesung?.ablesedatum).toBe(readings[0]?.ablesedatum);
      const newest = documents
        .filter((document) => document.vertragId === summary.vertragId)
        .sort((a, b) => b.erstellzeitpunkt.localeCompare(a.erstellzeitpunkt))[0];
      expect(summary.neuestesDokument?.id).toBe(newest?.id);
    }
    expect(summaries.some((summary) => summary.neuestesDokument !== null)).toBe(true);
  });

  it("shows a new reading at once, though its pieces are kept between the customer's changes", async () => {
    const before = (await summaryOf(max))[0] as ContractSummary;
    const today = berlinDayOf(server.clock.now);
    const value = (before.letzteAblesung?.werte[0]?.ablesewert ?? 0) + 100;
    const posted = await server.app.inject({
      method: 'POST',
      url: `/api/vertrag/${maxContracts[0]}/ablesungen`,
      headers: max,
      payload: {
        ablesedatum: today,
        zaehlernummer: DYNAMIC_METER,
        ablesewerte: { '1-1:1.8.0': value },
      },
    });
    expect(posted.statusCode).toBeLessThan(300);
    const after = (await summaryOf(max))[0];
    expect(after?.letzteAblesung).toMatchObject({
      ablesedatum: today,
      werte: [{ obiskennzahl: '1-1:1.8.0', ablesewert: value }],
    });
  });

  it('names the end a cancellation asked for as soon as it is made', async () => {
    const id = maxContracts[2]!;
    const cancelled = await server.app.inject({
      method: 'POST',
      url: `/api/vertrag/${id}/kuendigen`,
      headers: max,
      payload: { grund: 'AUSZUG', datum: '2030-01-31' },
    });
    expect(cancelled.statusCode).toBeLessThan(300);
    const card = (await summaryOf(max)).find((contract) => contract.vertragId === id);
    expect(card).toMatchObject({ status: 'GEKUENDIGT', gekuendigtZum: '2030-01-31' });
  });
});
