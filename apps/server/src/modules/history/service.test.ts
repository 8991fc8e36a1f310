import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfBerlinDay, type HistoryPoint } from '@kundenportal/contract';
import {
  configAt,
  contractSpec,
  dynamicTariff,
  emptyDatabase,
  fixedTariff,
  pricedHours,
  newContracts,
  newCustomer,
  type DemoContract,
} from '../../../test/rows';
import type { ContractRow } from '../../db/schema/index';
import { bucketStarts, checkWindow, createHistoryService, HistoryMessages } from './service';
import { wholeText } from '../../lib/prebuilt-json';

/** 15 June 2025, 11:00 in Berlin: before the day-ahead auction's noon. */
const NOW = new Date('2025-06-15T09:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const berlin = (day: string) => startOfBerlinDay(day);
const iso = (day: string) => berlin(day).toISOString();

/** Fixed 0.30 €/kWh through 2024, then dynamic: exchange price + 0.20 markup (net). */
const spec = (kundenArt: DemoContract['kundenArt']): DemoContract =>
  contractSpec({
    kundenArt,
    tarife: [
      fixedTariff({ arbeitspreis: 0.3, gueltigBis: '2024-12-31' }),
      dynamicTariff({ aufschlag: 0.2, gueltigVon: '2025-01-01' }),
    ],
  });

/** [start, kWh or null, exchange price net] */
const HOURS: [string, number | null, number][] = [
  ['2024-12-31T10:00:00Z', 10, 0.1], // the fixed tariff
  ['2025-06-13T21:00:00Z', 1, 0.5], // 13 June, 23:00 in Berlin
  ['2025-06-13T22:00:00Z', 2, 0.1], // 14 June, 00:00 in Berlin
  ['2025-06-14T12:00:00Z', 1, 0.3],
  ['2025-06-15T08:00:00Z', 1, 0.2],
  ['2025-06-15T10:00:00Z', null, 0.4], // not metered yet
];

describe('the history and price series of a contract (spec §7)', () => {
  let handle: Awaited<ReturnType<typeof emptyDatabase>>;
  let household: ContractRow;
  let business: ContractRow;
  let householdCustomer: number;
  let unmetered: ContractRow;
  const service = () => createHistoryService(handle.db, configAt(NOW));
  const points = async (
    contract: ContractRow,
    query: Parameters<typeof checkWindow>[0] & { interval: 'hourly' | 'daily' | 'monthly' },
  ) =>
    (
      JSON.parse(await wholeText(await service().history(contract, query))) as {
        data: HistoryPoint[];
      }
    ).data;

  beforeAll(async () => {
    handle = await emptyDatabase();
    ({ customerId: householdCustomer } = await newCustomer(handle.db));
    const own = await newContracts(
      handle.db,
      householdCustomer,
      [spec('Haushaltskunde'), spec('Haushaltskunde')],
      NOW,
    );
    household = own[0]!;
    unmetered = own[1]!;
    const { customerId } = await newCustomer(handle.db);
    business = (await newContracts(handle.db, customerId, [spec('RLMKunde')], NOW))[0]!;
    await pricedHours(
      handle.db,
      [household, business],
      HOURS.map(([von, kwh, preis]) => [new Date(von), kwh, preis]),
    );
  });
  afterAll(() => handle.close());

  describe('price series', () => {
    it('answers a household gross: (exchange price + markup) × 1.19, brutto true', async () => {
      const series = await service().prices(household, {});
      expect(series.brutto).toBe(true);
      // yesterday and today in Berlin before noon: 14 June 00:00 to 16 June 00:00
      expect(series.preise.map((price) => price.von)).toEqual(
        HOURS.slice(2).flatMap(([von]) =>
          [0, 1, 2, 3].map((quarter) =>
            new Date(Date.parse(von) + quarter * 900_000).toISOString(),
          ),
        ),
      );
      expect(
        series.preise.filter((_, index) => index % 4 === 0).map((price) => price.preis),
      ).toEqual([0.357, 0.595, 0.476, 0.714]);
    });

    it('answers a business customer net, brutto false', async () => {
      const series = await service().prices(business, {});
      expect(series.brutto).toBe(false);
      expect(
        series.preise.filter((_, index) => index % 4 === 0).map((price) => price.preis),
      ).toEqual([0.3, 0.5, 0.4, 0.6]);
    });

    it('prices the hours of a fixed tariff with its working price', async () => {
      const series = await service().prices(household, {
        von: new Date('2024-12-31T10:00:00Z'),
        bis: new Date('2024-12-31T11:00:00Z'),
      });
      expect(series.preise.map((price) => price.preis)).toEqual([0.3, 0.3, 0.3, 0.3]);
    });

    it('answers the customer’s dynamic contract, and 404 for a customer without one', async () => {
      expect(await service().customerPrices(householdCustomer, {})).toEqual(
        await service().prices(household, {}),
      );
      const { customerId } = await newCustomer(handle.db);
      await newContracts(handle.db, customerId, [contractSpec()], NOW);
      await expect(service().customerPrices(customerId, {})).rejects.toMatchObject({
        statusCode: 404,
        message: HistoryMessages.noDynamicTariff,
      });
    });

    it('refuses more than three days', async () => {
      const von = berlin('2025-06-10');
      await expect(
        service().prices(household, { von, bis: new Date(von.getTime() + 3 * DAY + 3 * HOUR) }),
      ).rejects.toMatchObject({ statusCode: 400, message: HistoryMessages.tooLongPrices });
    });
  });

  describe('history', () => {
    it('sums a German day’s hours: consumption, costs and their price, gross for a household', async () => {
      const days = await points(household, {
        von: berlin('2025-06-14'),
        bis: berlin('2025-06-16'),
        interval: 'daily',
      });
      expect(days).toEqual([
        {
          von: iso('2025-06-14'),
          bis: iso('2025-06-15'),
          verbrauch: 3,
          arbeitspreis: 0.436333, // (2 × 0.357 + 1 × 0.595) / 3
          kosten: 1.309,
        },
        // the hour not metered yet has a price but adds nothing
        {
          von: iso('2025-06-15'),
          bis: iso('2025-06-16'),
          verbrauch: 1,
          arbeitspreis: 0.476,
          kosten: 0.476,
        },
      ]);
      const net = await points(business, {
        von: berlin('2025-06-14'),
        bis: berlin('2025-06-15'),
        interval: 'daily',
      });
      expect(net).toEqual([
        {
          von: iso('2025-06-14'),
          bis: iso('2025-06-15'),
          verbrauch: 3,
          arbeitspreis: 0.366667,
          kosten: 1.1,
        },
      ]);
    });

    it('sums months, leaves out buckets without data and starts with the window', async () => {
      expect(
        await points(household, {
          von: berlin('2025-05-01'),
          bis: berlin('2025-07-01'),
          interval: 'monthly',
        }),
      ).toEqual([
        {
          von: iso('2025-06-01'),
          bis: iso('2025-07-01'),
          verbrauch: 5,
          arbeitspreis: round6((1 * 0.7 * 1.19 + 1.309 + 0.476) / 5),
          kosten: round6(1 * 0.7 * 1.19 + 1.309 + 0.476),
        },
      ]);
      const from = new Date('2025-06-14T12:00:00Z');
      expect(
        await points(household, { von: from, bis: berlin('2025-06-15'), interval: 'monthly' }),
      ).toEqual([
        {
          von: from.toISOString(),
          bis: iso('2025-06-15'),
          verbrauch: 1,
          arbeitspreis: 0.595,
          kosten: 0.595,
        },
      ]);
    });

    it('answers hours, the unmetered one with its price only', async () => {
      const hours = await points(household, {
        von: new Date('2025-06-15T08:00:00Z'),
        bis: new Date('2025-06-15T11:00:00Z'),
        interval: 'hourly',
      });
      expect(hours).toEqual([
        {
          von: '2025-06-15T08:00:00.000Z',
          bis: '2025-06-15T09:00:00.000Z',
          verbrauch: 1,
          arbeitspreis: 0.476,
          kosten: 0.476,
        },
        {
          von: '2025-06-15T10:00:00.000Z',
          bis: '2025-06-15T11:00:00.000Z',
          verbrauch: null,
          arbeitspreis: 0.714,
          kosten: null,
        },
      ]);
    });

    it('takes the window the interval defaults to', async () => {
      // hourly: yesterday and today; daily: this month to today; monthly: this year to today
      const hourly = await points(household, { interval: 'hourly' });
      expect(hourly.map((hour) => hour.von)).toEqual(
        HOURS.slice(2).map(([von]) => new Date(von).toISOString()),
      );
      expect(await points(household, { interval: 'daily' })).toEqual([
        expect.objectContaining({ von: iso('2025-06-13'), bis: iso('2025-06-14'), verbrauch: 1 }),
        expect.objectContaining({ von: iso('2025-06-14'), bis: iso('2025-06-15'), verbrauch: 3 }),
      ]);
      expect(await points(household, { interval: 'monthly' })).toEqual([
        expect.objectContaining({ von: iso('2025-06-01'), bis: iso('2025-06-15'), verbrauch: 4 }),
      ]);
    });

    it('answers no points for a contract without metered hours', async () => {
      expect(await wholeText(await service().history(unmetered, { interval: 'hourly' }))).toBe(
        '{"data":[]}',
      );
    });

    it('refuses windows the wrong way round or too long for the interval', async () => {
      const from = berlin('2024-01-01');
      const days = (n: number) => new Date(from.getTime() + n * DAY);
      await expect(
        service().history(household, { von: from, bis: days(401), interval: 'hourly' }),
      ).rejects.toMatchObject({ statusCode: 400, message: HistoryMessages.tooLongHourly });
      await expect(
        service().history(household, { von: from, bis: days(3_701), interval: 'daily' }),
      ).rejects.toMatchObject({ statusCode: 400, message: HistoryMessages.tooLong });
      await expect(
        service().history(household, { von: from, bis: from, interval: 'monthly' }),
      ).rejects.toMatchObject({ statusCode: 400, message: HistoryMessages.order });
    });
  });
});

const round6 = (value: number) => Math.round(value * 1_000_000) / 1_000_000;

describe('checkWindow', () => {
  const defaults = { from: new Date('2025-01-01T00:00:00Z'), to: new Date('2025-01-02T00:00:00Z') };
  const at = (hours: number) => new Date(defaults.from.getTime() + hours * HOUR);

  it('fills what the query leaves out from the defaults', () => {
    expect(checkWindow({}, defaults, 3, 'zu lang')).toEqual(defaults);
    expect(checkWindow({ von: at(2) }, defaults, 3, 'zu lang')).toEqual({
      from: at(2),
      to: defaults.to,
    });
    expect(checkWindow({ bis: at(2) }, defaults, 3, 'zu lang')).toEqual({
      from: defaults.from,
      to: at(2),
    });
  });

  it('refuses an empty or reversed window at von', () => {
    for (const bis of [at(0), at(-1)]) {
      expect(() => checkWindow({ von: at(0), bis }, defaults, 3, 'zu lang')).toThrow(
        expect.objectContaining({
          statusCode: 400,
          message: HistoryMessages.order,
          felder: { von: HistoryMessages.order },
        }),
      );
    }
    expect(checkWindow({ von: at(0), bis: at(1) }, defaults, 3, 'zu lang').to).toEqual(at(1));
  });

  it('allows the longest window plus two hours of clock changes, not more, at bis', () => {
    expect(checkWindow({ von: at(0), bis: at(3 * 24 + 2) }, defaults, 3, 'zu lang').to).toEqual(
      at(3 * 24 + 2),
    );
    expect(() =>
      checkWindow(
        { von: at(0), bis: new Date(at(3 * 24 + 2).getTime() + 1) },
        defaults,
        3,
        'zu lang',
      ),
    ).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'zu lang', felder: { bis: 'zu lang' } }),
    );
  });
});

describe('bucketStarts', () => {
  it('starts German days, the first at the window’s start, across a clock change', () => {
    const from = new Date('2025-03-29T12:00:00Z');
    expect(bucketStarts(from, berlin('2025-04-01'), 'daily')).toEqual([
      from,
      berlin('2025-03-30'),
      berlin('2025-03-31'),
    ]);
    expect(berlin('2025-03-31').getTime() - berlin('2025-03-30').getTime()).toBe(23 * HOUR);
  });

  it('starts German months', () => {
    expect(bucketStarts(berlin('2024-11-15'), berlin('2025-02-01'), 'monthly')).toEqual([
      berlin('2024-11-15'),
      berlin('2024-12-01'),
      berlin('2025-01-01'),
    ]);
    expect(
      bucketStarts(berlin('2025-01-01'), new Date(berlin('2025-02-01').getTime() + 1), 'monthly'),
    ).toEqual([berlin('2025-01-01'), berlin('2025-02-01')]);
  });
});
