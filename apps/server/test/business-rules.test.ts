import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAS } from '../src/demo/model';
import { backends, login, startTestServer, type TestServer } from './harness';
import {
  contractSpec,
  dynamicTariff,
  hourPrices,
  meterReadings,
  newContracts,
  newCustomer,
} from './rows';

/**
 * The business rules a wrong constant would break, through the HTTP API, on rows this test
 * builds itself (not the demo accounts): the gas conversion, the extrapolation to a year, VAT on
 * a household's dynamic prices, and the shipped session lifetime.
 */
describe.each(backends)('business rules over HTTP on %s', (backend) => {
  let server: TestServer;
  let household: { token: string; kundennummer: string };
  let business: { token: string; kundennummer: string };
  let gas: number;
  let householdDynamic: number;
  let businessDynamic: number;
  let ttl: unknown;

  const get = (url: string, headers: { token: string; kundennummer: string }) =>
    server.app.inject({ method: 'GET', url, headers });
  const session = async (kundennummer: string, password: string) => {
    const { response, token } = await login(server.app, kundennummer, password);
    ttl = response.headers['ttl'];
    return { token: token!, kundennummer };
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    const now = server.clock.now;
    const own = await newCustomer(server.db);
    [gas, householdDynamic] = (
      await newContracts(
        server.db,
        own.customerId,
        [
          contractSpec({
            versorgungsart: 'GAS',
            zaehler: meterReadings(
              [
                ['2024-01-01', 1000],
                ['2024-07-19', 1100], // 200 days
              ],
              GAS,
            ),
          }),
          contractSpec({ tarife: [dynamicTariff({ grundpreis: 100, aufschlag: 0.2 })] }),
        ],
        now,
      )
    ).map((row) => row.id) as [number, number];
    const firm = await newCustomer(server.db);
    [businessDynamic] = (
      await newContracts(
        server.db,
        firm.customerId,
        [
          contractSpec({
            kundenArt: 'Sondervertragskunde',
            tarife: [dynamicTariff({ grundpreis: 100, aufschlag: 0.2 })],
          }),
        ],
        now,
      )
    ).map((row) => row.id) as [number];
    // one hour of 2020, far from the demo's series: 0.10 €/kWh net
    await hourPrices(server.db, [[new Date('2020-03-10T10:00:00Z'), 0.1]]);
    household = await session(own.kundennummer, own.password);
    business = await session(firm.kundennummer, firm.password);
  });
  afterAll(() => server.close());

  it('answers a gas contract’s consumption in kWh (10.545 kWh per m³), extrapolated to a year', async () => {
    const response = await get(`/api/vertrag/${gas}/verbraeuche`, household);
    expect(response.statusCode).toBe(200);
    const [period] = response.json();
    expect(period).toMatchObject({
      von: '2024-01-01',
      bis: '2024-07-19',
      summe: 1054.5,
      summeJahr: 1924.46, // 1054.5 kWh in 200 days × 365 / 200
      proKanal: [{ obiskennzahl: GAS.obiskennzahl, verbrauch: 1054.5 }],
    });
  });

  it('shows a household the dynamic tariff’s grundpreis gross, a business customer net', async () => {
    const gross = await get(`/api/vertrag/${householdDynamic}/aktueller_tarif`, household);
    expect(gross.statusCode).toBe(200);
    expect(gross.json()).toMatchObject({ tariftyp: 'DYNAMISCHER_PREIS', grundpreis: 119 });
    const net = await get(`/api/vertrag/${businessDynamic}/aktueller_tarif`, business);
    expect(net.json()).toMatchObject({ tariftyp: 'DYNAMISCHER_PREIS', grundpreis: 100 });
  });

  it('answers the price series gross with brutto true for a household, net for a business', async () => {
    const window = '?von=2020-03-10T10:00:00Z&bis=2020-03-10T11:00:00Z';
    const gross = await get(`/api/preiszeitreihe${window}`, household);
    expect(gross.statusCode).toBe(200);
    expect(gross.json().brutto).toBe(true);
    // (0.10 + 0.20 markup) × 1.19
    expect(gross.json().preise.map((price: { preis: number }) => price.preis)).toEqual([
      0.357, 0.357, 0.357, 0.357,
    ]);
    const net = await get(`/api/vertrag/${businessDynamic}/preiszeitreihe${window}`, business);
    expect(net.statusCode).toBe(200);
    expect(net.json().brutto).toBe(false);
    expect(net.json().preise.map((price: { preis: number }) => price.preis)).toEqual([
      0.3, 0.3, 0.3, 0.3,
    ]);
  });

  it('gives a session the shipped lifetime of 1800 seconds', () => {
    expect(server.config.sessionTtlSeconds).toBe(1800);
    expect(ttl).toBe('1800');
  });
});
