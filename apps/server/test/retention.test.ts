/**
 * What the server keeps, and for how long: a session ends 12 hours after its login however busy
 * it is kept, audit rows go after their retention, ended reset links go; the change feed's
 * entries and the operator's audit rows go after BETRIEB_AUFBEWAHRUNG_TAGE (90 by default).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  auditLog,
  changeFeed,
  customers,
  operatorAudit,
  passwordResetTokens,
} from '../src/db/schema/index';
import { purgeLeftovers } from '../src/modules/housekeeping/service';
import { AUDIT_RETENTION } from '../src/modules/audit/retention';
import {
  backends,
  operatorBearer,
  sessionHeaders,
  startOperatorApp,
  startTestServer,
  type TestServer,
} from './harness';

const DAY_S = 86_400;

describe.each(backends)('retention on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());

  const read = (headers: Record<string, string>) =>
    server.app.inject({ method: 'GET', url: '/api/anschlussnutzer', headers });

  it('ends a session 12 hours after its login, however often it is used', async () => {
    const headers = await sessionHeaders(server.app, '10002');
    const ttls: number[] = [];
    // Every 20 minutes for 11 h 40 min: the sliding expiry alone would keep it for ever.
    for (let minutes = 20; minutes <= 700; minutes += 20) {
      server.clock.advanceSeconds(20 * 60);
      const answer = await read(headers);
      expect(answer.statusCode).toBe(200);
      ttls.push(Number(answer.headers['ttl']));
    }
    // Renewed to the full 30 minutes at first, then no further than the absolute end.
    expect(ttls[0]).toBe(1800);
    expect(ttls.at(-1)).toBe(20 * 60);
    server.clock.advanceSeconds(20 * 60);
    const after = await read(headers);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: expect.stringMatching(/Sitzung/) });
  });

  it('keeps sign-in events 90 days and changes 6 years, then deletes them', async () => {
    const [max] = await server.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.kundennummer, '10001'));
    const now = server.clock.now.getTime();
    const daysAgo = (days: number) => new Date(now - days * DAY_S * 1000);
    const rows = [
      { action: 'ANMELDUNG_FEHLGESCHLAGEN', createdAt: daysAgo(91), kept: false },
      { action: 'ANMELDUNG_FEHLGESCHLAGEN', createdAt: daysAgo(89), kept: true },
      { action: 'ANMELDUNG', createdAt: daysAgo(91), kept: false },
      { action: 'PASSWORT_RESET_ANGEFORDERT', createdAt: daysAgo(91), kept: false },
      { action: 'BANKVERBINDUNG_ANGELEGT', createdAt: daysAgo(91), kept: true },
      { action: 'VERTRAG_GEKUENDIGT', createdAt: daysAgo(5 * 365), kept: true },
      { action: 'VERTRAG_GEKUENDIGT', createdAt: daysAgo(6 * 365 + 2), kept: false },
    ];
    const inserted = await server.db
      .insert(auditLog)
      .values(
        rows.map(({ action, createdAt }, index) => ({
          customerId: max!.id,
          action,
          createdAt,
          details: { retentionCase: index },
        })),
      )
      .returning({ id: auditLog.id });
    await purgeLeftovers(server.db, server.config);
    const left = new Set(
      (await server.db.select({ id: auditLog.id }).from(auditLog)).map((row) => row.id),
    );
    expect(rows.map((row, index) => left.has(inserted[index]!.id) === row.kept)).toEqual(
      rows.map(() => true),
    );
    expect(AUDIT_RETENTION.signInEventDays).toBe(90);
    expect(AUDIT_RETENTION.changeYears).toBe(6);
  });

  it('deletes reset links once their hour is over', async () => {
    const [max] = await server.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.kundennummer, '10001'));
    const now = server.clock.now.getTime();
    await server.db.insert(passwordResetTokens).values([
      { tokenHash: 'retention-ended', customerId: max!.id, expiresAt: new Date(now - 1000) },
      { tokenHash: 'retention-open', customerId: max!.id, expiresAt: new Date(now + 60_000) },
    ]);
    await purgeLeftovers(server.db, server.config);
    const hashes = (
      await server.db.select({ tokenHash: passwordResetTokens.tokenHash }).from(passwordResetTokens)
    ).map((row) => row.tokenHash);
    expect(hashes).toContain('retention-open');
    expect(hashes).not.toContain('retention-ended');
  });

  it("deletes feed entries and operator audit rows after 90 days; a consumer's cursor still works", async () => {
    expect(server.config.operatorRetentionDays).toBe(90);
    const operator = await startOperatorApp(server);
    const feed = async (nach?: string) => {
      const answer = await operator.inject({
        method: 'GET',
        url: nach === undefined ? '/aenderungen?anzahl=1' : `/aenderungen?anzahl=1&nach=${nach}`,
        headers: operatorBearer,
      });
      expect(answer.statusCode).toBe(200);
      return answer.json<{
        eintraege: { typ: string; daten: Record<string, unknown> }[];
        cursor: string;
      }>();
    };
    let end = (await feed()).cursor;
    for (let page = await feed(end); page.eintraege.length > 0; page = await feed(end))
      end = page.cursor;

    const now = server.clock.now.getTime();
    const daysAgo = (days: number) => new Date(now - days * DAY_S * 1000);
    const entry = (name: string, createdAt: Date) => ({
      typ: 'KONTAKTANFRAGE',
      kundennummer: '10001',
      daten: { anfrageNr: 1, betreff: 'SONSTIGES', text: name },
      createdAt,
    });
    await server.db
      .insert(changeFeed)
      .values([
        entry('alt-1', daysAgo(92)),
        entry('alt-2', daysAgo(91)),
        entry('neu-1', daysAgo(89)),
        entry('neu-2', daysAgo(0)),
      ]);
    const audited = (pfad: string, createdAt: Date) => ({
      schluessel: 'test',
      methode: 'GET',
      pfad,
      adresse: '127.0.0.1',
      createdAt,
    });
    await server.db
      .insert(operatorAudit)
      .values([
        audited('/aufbewahrung-alt', daysAgo(91)),
        audited('/aufbewahrung-neu', daysAgo(89)),
      ]);
    // a consumer that read the first old entry, and one that read none of them
    const first = await feed(end);
    expect(first.eintraege.map((e) => e.daten['text'])).toEqual(['alt-1']);

    await purgeLeftovers(server.db, server.config);

    const names = (await server.db.select({ daten: changeFeed.daten }).from(changeFeed)).map(
      (row) => row.daten['text'],
    );
    expect(names).not.toContain('alt-1');
    expect(names).not.toContain('alt-2');
    expect(names).toEqual(expect.arrayContaining(['neu-1', 'neu-2']));
    const paths = (await server.db.select({ pfad: operatorAudit.pfad }).from(operatorAudit)).map(
      (row) => row.pfad,
    );
    expect(paths).toContain('/aufbewahrung-neu');
    expect(paths).not.toContain('/aufbewahrung-alt');
    for (const cursor of [first.cursor, end]) {
      const next = await feed(cursor);
      expect(next.eintraege.map((e) => e.daten['text'])).toEqual(['neu-1']);
      expect((await feed(next.cursor)).eintraege.map((e) => e.daten['text'])).toEqual(['neu-2']);
    }
    await operator.close();
  });
});
