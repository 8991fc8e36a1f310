import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configAt,
  contractSpec,
  emptyDatabase,
  meteredHours,
  meterReadings,
  newContracts,
  newCustomer,
  GAS,
} from '../../../test/rows';
import type { ReadingRecord } from '../readings/repo';
import { consumptionPeriods, createConsumptionService, forecastYear } from './service';

/** Mid-June 2025 in Berlin: 2025 has 365 days, 2024 had 366. */
const NOW = new Date('2025-06-15T10:00:00Z');

describe('the consumption of a contract (spec §2.4)', () => {
  let handle: Awaited<ReturnType<typeof emptyDatabase>>;
  let customerId: number;
  beforeAll(async () => {
    handle = await emptyDatabase();
    ({ customerId } = await newCustomer(handle.db));
  });
  afterAll(() => handle.close());

  const list = async (
    spec: Parameters<typeof contractSpec>[0],
    range: { von?: string; bis?: string } = {},
    now = NOW,
  ) => {
    const [contract] = await newContracts(handle.db, customerId, [contractSpec(spec)], now);
    return createConsumptionService(handle.db, configAt(now)).list(contract!, range);
  };

  it('reads a gas meter in m³ and answers kWh: 10.545 kWh per m³', async () => {
    const periods = await list({
      versorgungsart: 'GAS',
      zaehler: meterReadings(
        [
          ['2024-01-01', 1000],
          ['2024-12-31', 1100],
        ],
        GAS,
      ),
    });
    expect(periods).toHaveLength(1);
    expect(periods[0]!.summe).toBe(1054.5);
    expect(periods[0]!.proKanal).toEqual([{ obiskennzahl: GAS.obiskennzahl, verbrauch: 1054.5 }]);
    // 2024-01-01 to 2024-12-31 is 365 days: the year's consumption is the period's
    expect(periods[0]!.summeJahr).toBe(1054.5);
  });

  it('extrapolates a period of other than 365 days to a year', async () => {
    const periods = await list({
      zaehler: meterReadings([
        ['2024-01-01', 5000],
        ['2024-07-19', 6000], // 200 days
        ['2024-09-17', 6300], // 60 days
      ]),
    });
    expect(
      periods.map(({ von, bis, summe, summeJahr }) => ({ von, bis, summe, summeJahr })),
    ).toEqual([
      { von: '2024-01-01', bis: '2024-07-19', summe: 1000, summeJahr: 1825 },
      { von: '2024-07-19', bis: '2024-09-17', summe: 300, summeJahr: 1825 },
    ]);
  });

  it('forecasts the running year from the latest period without metered hours', async () => {
    const periods = await list({
      zaehler: meterReadings([
        ['2024-01-01', 5000],
        ['2024-07-19', 6000],
        ['2024-09-17', 6400], // 400 kWh in 60 days
      ]),
    });
    expect(periods[0]!.prognose).toBeNull();
    // 2025 has 365 days
    expect(periods[1]!.prognose).toBe(round2((400 / 60) * 365));
    const leap = await list(
      {
        zaehler: meterReadings([
          ['2023-01-01', 0],
          ['2023-03-02', 600],
        ]),
      }, // 60 days
      {},
      new Date('2024-06-15T10:00:00Z'),
    );
    expect(leap[0]!.prognose).toBe(3660);
  });

  it('forecasts from this year’s metered hours plus the latest rate for the rest', async () => {
    const [contract] = await newContracts(
      handle.db,
      customerId,
      [
        contractSpec({
          zaehler: meterReadings([
            ['2024-01-01', 0],
            ['2024-12-31', 3650],
          ]),
        }),
      ],
      NOW,
    );
    await meteredHours(handle.db, contract!.id, [
      [new Date('2024-12-31T22:00:00Z'), 1000], // 23:00 on 31 December in Berlin: last year
      [new Date('2024-12-31T23:00:00Z'), 40], // the year's first hour in Berlin
      [new Date('2025-03-01T12:00:00Z'), 2],
      [new Date('2025-06-15T09:00:00Z'), 0.5],
      [new Date('2025-06-15T10:00:00Z'), 1000], // from now on: not metered yet
    ]);
    const [period] = await createConsumptionService(handle.db, configAt(NOW)).list(contract!, {});
    // 10 kWh a day for the 199.5833 days from now to 1 January 2026, 00:00 in Berlin
    const remaining = (Date.parse('2025-12-31T23:00:00Z') - NOW.getTime()) / 86_400_000;
    expect(period!.prognose).toBe(round2(42.5 + 10 * remaining));
  });

  it('answers the periods that touch the asked range', async () => {
    const zaehler = meterReadings([
      ['2024-01-01', 0],
      ['2024-02-01', 100],
      ['2024-03-01', 200],
      ['2024-04-01', 300],
    ]);
    const days = async (range: { von?: string; bis?: string }) =>
      (await list({ zaehler }, range)).map((period) => `${period.von}–${period.bis}`);
    expect(await days({})).toEqual([
      '2024-01-01–2024-02-01',
      '2024-02-01–2024-03-01',
      '2024-03-01–2024-04-01',
    ]);
    expect(await days({ von: '2024-03-01' })).toEqual([
      '2024-02-01–2024-03-01',
      '2024-03-01–2024-04-01',
    ]);
    expect(await days({ von: '2024-03-02' })).toEqual(['2024-03-01–2024-04-01']);
    expect(await days({ bis: '2024-02-01' })).toEqual([
      '2024-01-01–2024-02-01',
      '2024-02-01–2024-03-01',
    ]);
    expect(await days({ bis: '2024-01-31' })).toEqual(['2024-01-01–2024-02-01']);
    expect(await days({ von: '2024-02-15', bis: '2024-02-20' })).toEqual(['2024-02-01–2024-03-01']);
  });

  it('marks a period in which the meter fell, and forecasts nothing after it', async () => {
    const periods = await list({
      zaehler: meterReadings([
        ['2024-01-01', 5000],
        ['2024-07-19', 12000], // 200 days
        ['2024-09-17', 4622.5], // a new meter or a corrected reading: 7.377,5 lower
      ]),
    });
    expect(periods).toEqual([
      expect.objectContaining({ summe: 7000, summeJahr: 12775, zaehlerstandGefallen: false }),
      {
        von: '2024-07-19',
        bis: '2024-09-17',
        summe: null,
        summeJahr: null,
        prognose: null,
        proKanal: [{ obiskennzahl: expect.any(String), verbrauch: null }],
        zaehlerstandGefallen: true,
      },
    ]);
  });

  it('answers no period for a contract without readings', async () => {
    expect(await list({})).toEqual([]);
  });
});

const round2 = (value: number) => Math.round(value * 100) / 100;

const reading = (
  ablesedatum: string,
  werte: Record<string, number>,
  zaehlernummer = 'Z1',
): ReadingRecord => ({
  id: 0,
  ablesedatum,
  zaehlernummer,
  ablesegrund: null,
  erfassungshinweis: null,
  ermittlungsart: 'NETZBETREIBER',
  ableseart: null,
  foto: false,
  werte: Object.entries(werte).map(([obiskennzahl, ablesewert]) => ({
    obiskennzahl,
    ablesewert,
    nachkommastellen: 1,
  })),
});

describe('consumptionPeriods', () => {
  it('sums the channels of a day/night meter and rounds to the hundredth', () => {
    const [period] = consumptionPeriods(
      [
        reading('2024-01-01', { HT: 100.1, NT: 50.05 }),
        reading('2024-12-31', { HT: 300.2, NT: 70.1 }),
      ],
      'STROM',
    );
    expect(period!.proKanal).toEqual([
      { obiskennzahl: 'HT', verbrauch: 200.1 },
      { obiskennzahl: 'NT', verbrauch: 20.05 },
    ]);
    expect(period!.summe).toBe(220.15);
    expect(period!.prognose).toBeNull();
  });

  it('counts a channel new in a reading as 0, and skips meter changes and same-day readings', () => {
    const periods = consumptionPeriods(
      [
        reading('2024-01-01', { HT: 100 }),
        reading('2024-03-01', { HT: 150, NT: 7 }),
        reading('2024-03-01', { HT: 160, NT: 8 }),
        reading('2024-05-01', { HT: 20 }, 'Z2'),
        reading('2024-06-30', { HT: 80 }, 'Z2'),
      ],
      'STROM',
    );
    expect(periods.map(({ von, bis, summe }) => [von, bis, summe])).toEqual([
      ['2024-01-01', '2024-03-01', 50],
      ['2024-05-01', '2024-06-30', 60],
    ]);
    expect(periods[0]!.proKanal).toEqual([
      { obiskennzahl: 'HT', verbrauch: 50 },
      { obiskennzahl: 'NT', verbrauch: 0 },
    ]);
    expect(periods[1]!.summeJahr).toBe(round2((60 / 60) * 365));
  });

  it('counts from the fallen reading on, and marks the period when one channel of several fell', () => {
    const periods = consumptionPeriods(
      [
        reading('2024-01-01', { HT: 100, NT: 50 }),
        reading('2024-03-01', { HT: 150, NT: 49.9 }),
        reading('2024-04-30', { HT: 150, NT: 60 }),
      ],
      'STROM',
    );
    expect(
      periods.map(({ summe, summeJahr, zaehlerstandGefallen }) => [
        summe,
        summeJahr,
        zaehlerstandGefallen,
      ]),
    ).toEqual([
      [null, null, true],
      [10.1, round2((10.1 / 60) * 365), false],
    ]);
    expect(periods[0]!.proKanal).toEqual([
      { obiskennzahl: 'HT', verbrauch: null },
      { obiskennzahl: 'NT', verbrauch: null },
    ]);
    expect(periods[1]!.proKanal).toEqual([
      { obiskennzahl: 'HT', verbrauch: 0 },
      { obiskennzahl: 'NT', verbrauch: 10.1 },
    ]);
  });

  it('converts only gas', () => {
    const records = [reading('2024-01-01', { V: 0 }), reading('2024-12-31', { V: 2 })];
    expect(consumptionPeriods(records, 'GAS')[0]!.summe).toBe(21.09);
    expect(consumptionPeriods(records, 'STROM')[0]!.summe).toBe(2);
  });
});

describe('forecastYear', () => {
  const latest = {
    von: '2024-01-01',
    bis: '2024-01-11',
    summe: 30,
    summeJahr: 0,
    prognose: null,
    proKanal: [],
  };

  it('without metered hours: the latest daily rate over the whole German year', () => {
    expect(forecastYear(latest, new Date('2025-03-01T00:00:00Z'), null)).toBe(1095);
    expect(forecastYear(latest, new Date('2024-03-01T00:00:00Z'), null)).toBe(1098);
    // 31 December 2024, 23:30 UTC is already 2025 in Berlin
    expect(forecastYear(latest, new Date('2024-12-31T23:30:00Z'), null)).toBe(1095);
  });

  it('with metered hours: those plus the rate for what is left of the year', () => {
    const now = new Date('2025-12-30T23:00:00Z'); // one day before the end of the German year
    expect(forecastYear(latest, now, 500)).toBe(503);
    expect(forecastYear(latest, now, 0)).toBe(3);
  });
});
