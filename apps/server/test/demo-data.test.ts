import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, max, min } from 'drizzle-orm';
import { deriveContractStatus, berlinStartOfDay } from '@kundenportal/contract';
import * as t from '../src/db/schema/index';
import { seedDemoDataIfEmpty } from '../src/demo/seed';
import { backends, startTestServer, type TestServer } from './harness';

describe.each(backends)('demo accounts on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());

  const contractsOf = async (kundennummer: string) =>
    server.db
      .select({ contract: t.contracts })
      .from(t.contracts)
      .innerJoin(t.customers, eq(t.customers.id, t.contracts.customerId))
      .where(eq(t.customers.kundennummer, kundennummer))
      .orderBy(asc(t.contracts.id));

  it('gives 10001 three active contracts and an ended one, and 10002 the other statuses', async () => {
    const statuses = async (nr: string) =>
      (await contractsOf(nr)).map(({ contract }) => deriveContractStatus(contract));
    expect(await statuses('10001')).toEqual(['AKTIV', 'AKTIV', 'AKTIV', 'BEENDET']);
    expect(await statuses('10002')).toEqual(['GEKUENDIGT', 'BEAUFTRAGT', 'STORNIERT']);
    expect(await statuses('10005')).toEqual([]);
  });

  it('has at least 400 days of hourly consumption, and quarter-hour prices up to the end of tomorrow', async () => {
    const [dynamic] = await contractsOf('10001');
    const [series] = await server.db
      .select({
        n: count(),
        first: min(t.hourlyConsumption.von),
        last: max(t.hourlyConsumption.von),
      })
      .from(t.hourlyConsumption)
      .where(eq(t.hourlyConsumption.contractId, dynamic!.contract.id));
    expect(series!.n).toBeGreaterThanOrEqual(400 * 24);
    const days =
      (new Date(series!.last!).getTime() - new Date(series!.first!).getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(400);
    const [prices] = await server.db
      .select({ last: max(t.exchangePrices.von) })
      .from(t.exchangePrices);
    const endOfTomorrow = berlinStartOfDay(server.clock.now, 2);
    // quarter-hours since the market's switch on 1 October 2025
    expect(new Date(prices!.last!).getTime()).toBe(endOfTomorrow.getTime() - 900_000);
  });

  it('has a two-channel meter, a future tariff and a future billing address for 10001', async () => {
    const [customer] = await server.db
      .select()
      .from(t.customers)
      .where(eq(t.customers.kundennummer, '10001'));
    const channels = await server.db
      .select({ meter: t.meters.nummer, n: count() })
      .from(t.meterChannels)
      .innerJoin(t.meters, eq(t.meters.id, t.meterChannels.meterId))
      .innerJoin(t.contracts, eq(t.contracts.id, t.meters.contractId))
      .where(eq(t.contracts.customerId, customer!.id))
      .groupBy(t.meters.nummer);
    expect(channels.some((row) => row.n === 2)).toBe(true);
    const addresses = await server.db
      .select()
      .from(t.billingAddresses)
      .where(eq(t.billingAddresses.customerId, customer!.id));
    const today = new Date().toISOString().slice(0, 10);
    expect(addresses.some((row) => row.gueltigVon > today)).toBe(true);
    expect(addresses.some((row) => row.contractId !== null)).toBe(true);
  });

  it('stores real PDF documents', async () => {
    const [customer] = await server.db
      .select()
      .from(t.customers)
      .where(eq(t.customers.kundennummer, '10001'));
    const docs = await server.db
      .select()
      .from(t.documents)
      .where(and(eq(t.documents.customerId, customer!.id)));
    expect(docs.length).toBeGreaterThanOrEqual(5);
    for (const doc of docs) {
      expect(doc.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(doc.dateiname).toMatch(/\.pdf$/);
    }
  });

  it('does not seed a database twice', async () => {
    expect(await seedDemoDataIfEmpty(server.db, server.config.mandant)).toBe(false);
  });
});
