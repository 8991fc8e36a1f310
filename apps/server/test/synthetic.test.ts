import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSyntheticCustomers, SYNTHETIC_FIRST_NUMBER } from '../src/demo/synthetic';
import { sessionHeaders, startTestServer, type TestServer } from './harness';

describe('synthetic customers for benchmarks', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    await seedSyntheticCustomers(server.db, 1200);
  });
  afterAll(() => server.close());

  it('log in with the demo password and have two contracts with growing readings', async () => {
    const last = String(SYNTHETIC_FIRST_NUMBER + 1199);
    const headers = await sessionHeaders(server.app, last);
    const customer = (
      await server.app.inject({ method: 'GET', url: '/api/anschlussnutzer', headers })
    ).json();
    expect(customer.vertraege).toHaveLength(2);
    for (const id of customer.vertraege) {
      const periods = (
        await server.app.inject({ method: 'GET', url: `/api/vertrag/${id}/verbraeuche`, headers })
      ).json();
      expect(periods).toHaveLength(2);
      for (const period of periods) expect(period.summe).toBeGreaterThan(0);
    }
  });

  it('keeps each customer to their own contracts', async () => {
    const headers = await sessionHeaders(server.app, String(SYNTHETIC_FIRST_NUMBER));
    const other = await sessionHeaders(server.app, String(SYNTHETIC_FIRST_NUMBER + 1));
    const [foreign] = (
      await server.app.inject({ method: 'GET', url: '/api/anschlussnutzer', headers: other })
    ).json().vertraege;
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/vertrag/${foreign}`,
      headers,
    });
    expect(response.statusCode).toBe(404);
  });
});
