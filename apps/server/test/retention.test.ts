/**
 * What the server keeps, and for how long: a session ends 12 hours after its login however busy
 * it is kept, audit rows go after their retention, ended reset links go.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, customers, passwordResetTokens } from '../src/db/schema/index';
import { purgeAuthLeftovers } from '../src/modules/auth/housekeeping';
import { AUDIT_RETENTION } from '../src/modules/audit/retention';
import { backends, sessionHeaders, startTestServer, type TestServer } from './harness';

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
    await purgeAuthLeftovers(server.db, server.config);
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
    await purgeAuthLeftovers(server.db, server.config);
    const hashes = (
      await server.db.select({ tokenHash: passwordResetTokens.tokenHash }).from(passwordResetTokens)
    ).map((row) => row.tokenHash);
    expect(hashes).toContain('retention-open');
    expect(hashes).not.toContain('retention-ended');
  });
});
