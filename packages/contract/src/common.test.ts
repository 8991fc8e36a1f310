import { describe, expect, it } from 'vitest';
import { IsoDateTimeSchema, TimeWindowQueryMessages, TimeWindowQuerySchema } from './common';
import { HistoryQueryMessages, HistoryQuerySchema } from './consumption';
import { PriceQuerySchema } from './prices';

describe('a point in time', () => {
  it('accepts what toISOString() writes and an offset', () => {
    for (const value of [
      new Date('2026-11-24T10:00:00Z').toISOString(),
      '2026-11-24T10:00:00.000Z',
      '2026-11-24T10:00:00+01:00',
      '2026-03-29T03:00:00+02:00',
      '2024-02-29T00:00:00Z',
    ]) {
      expect(IsoDateTimeSchema.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses a day the calendar lacks, a missing offset and garbage', () => {
    for (const value of [
      '2026-02-30T00:00:00Z',
      '2025-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-11-24T24:00:00Z',
      '2026-11-24T10:00:00',
      '2026-11-24',
      'gestern',
      '',
    ]) {
      expect(IsoDateTimeSchema.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('the query of a window in time', () => {
  it('reads von and bis as Dates, and leaves out what is not asked for', () => {
    expect(
      TimeWindowQuerySchema.parse({
        von: '2026-11-24T10:00:00+01:00',
        bis: '2026-11-25T09:00:00Z',
      }),
    ).toEqual({ von: new Date('2026-11-24T09:00:00Z'), bis: new Date('2026-11-25T09:00:00Z') });
    expect(TimeWindowQuerySchema.parse({})).toEqual({});
  });

  it('names the field in German, with an example', () => {
    const von = TimeWindowQuerySchema.safeParse({ von: '2026-02-30T00:00:00Z' }).error?.issues;
    expect(von).toMatchObject([{ path: ['von'], message: TimeWindowQueryMessages.von }]);
    const bis = PriceQuerySchema.safeParse({ bis: ['2026-11-24T10:00:00Z', 'x'] }).error?.issues;
    expect(bis).toMatchObject([{ path: ['bis'], message: TimeWindowQueryMessages.bis }]);
  });

  it('asks the history for hourly values unless another interval is named', () => {
    expect(HistoryQuerySchema.parse({}).interval).toBe('hourly');
    expect(HistoryQuerySchema.parse({ interval: 'monthly' }).interval).toBe('monthly');
    const weekly = HistoryQuerySchema.safeParse({ interval: 'weekly' }).error?.issues;
    expect(weekly).toMatchObject([{ path: ['interval'], message: HistoryQueryMessages.interval }]);
  });
});
