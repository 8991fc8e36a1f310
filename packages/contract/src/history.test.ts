import { describe, expect, it } from 'vitest';
import { Granularities } from './consumption';
import {
  historyWindow,
  latestReferenceDay,
  parseHistorySearch,
  priceSeriesWindow,
  stepReferenceDay,
} from './history';

/** A German local time as an instant (CET in winter, CEST in summer). */
const berlin = (local: string, offset: '+01:00' | '+02:00') => new Date(`${local}${offset}`);
const iso = (date: Date) => date.toISOString();

describe('hourly history (Preisübersicht 48h)', () => {
  const morning = berlin('2026-11-22T11:59:00', '+01:00');
  const noon = berlin('2026-11-22T12:00:00', '+01:00');

  it('shows yesterday and today before 12:00, today and tomorrow from 12:00', () => {
    expect(latestReferenceDay('STUENDLICH', morning)).toBe('2026-11-22');
    expect(historyWindow('STUENDLICH', '2026-11-22', morning)).toMatchObject({
      fromDay: '2026-11-21',
      toDay: '2026-11-22',
    });
    expect(latestReferenceDay('STUENDLICH', noon)).toBe('2026-11-23');
    const window = historyWindow('STUENDLICH', '2026-11-23', noon);
    expect(window).toMatchObject({ fromDay: '2026-11-22', toDay: '2026-11-23' });
    expect(window.to.getTime() - window.from.getTime()).toBe(48 * 3_600_000);
  });

  it('steps one day back and forth, never beyond the limit', () => {
    expect(stepReferenceDay('STUENDLICH', '2026-11-22', -1, morning)).toBe('2026-11-21');
    expect(stepReferenceDay('STUENDLICH', '2026-11-22', 1, morning)).toBeNull();
    expect(stepReferenceDay('STUENDLICH', '2026-11-22', 1, noon)).toBe('2026-11-23');
    expect(stepReferenceDay('STUENDLICH', '2026-11-23', 1, noon)).toBeNull();
    expect(stepReferenceDay('STUENDLICH', '2026-11-01', -1, morning)).toBe('2026-10-31');
    expect(stepReferenceDay('STUENDLICH', '2026-10-31', 1, morning)).toBe('2026-11-01');
  });

  it('has 47 and 49 hours around the days the clocks change', () => {
    const now = berlin('2026-11-22T12:00:00', '+01:00');
    const spring = historyWindow('STUENDLICH', '2026-03-29', now);
    expect(spring.to.getTime() - spring.from.getTime()).toBe(47 * 3_600_000);
    const autumn = historyWindow('STUENDLICH', '2026-10-25', now);
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(49 * 3_600_000);
  });

  it('at 11:59 and 12:00 on a switch day itself', () => {
    const before = berlin('2026-03-29T11:59:00', '+02:00');
    const after = berlin('2026-03-29T12:00:00', '+02:00');
    expect(latestReferenceDay('STUENDLICH', before)).toBe('2026-03-29');
    expect(latestReferenceDay('STUENDLICH', after)).toBe('2026-03-30');
    expect(iso(historyWindow('STUENDLICH', '2026-03-30', after).from)).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    const autumn = berlin('2026-10-25T12:00:00', '+01:00');
    expect(historyWindow('STUENDLICH', '2026-10-26', autumn)).toMatchObject({
      fromDay: '2026-10-25',
      toDay: '2026-10-26',
    });
  });
});

describe('daily history (Monatsübersicht)', () => {
  it('shows the month up to yesterday, at 11:59 as at 12:00', () => {
    for (const time of ['11:59', '12:00']) {
      const now = berlin(`2026-11-22T${time}:00`, '+01:00');
      expect(latestReferenceDay('TAEGLICH', now)).toBe('2026-11-21');
      expect(historyWindow('TAEGLICH', '2026-11-21', now)).toMatchObject({
        fromDay: '2026-11-01',
        toDay: '2026-11-21',
      });
    }
  });

  it('on the first of a month shows the month before; on the last all but the last day', () => {
    const first = berlin('2026-12-01T08:00:00', '+01:00');
    expect(latestReferenceDay('TAEGLICH', first)).toBe('2026-11-30');
    expect(historyWindow('TAEGLICH', '2026-11-30', first)).toMatchObject({
      fromDay: '2026-11-01',
      toDay: '2026-11-30',
    });
    expect(stepReferenceDay('TAEGLICH', '2026-11-30', 1, first)).toBeNull();
    const last = berlin('2026-11-30T12:00:00', '+01:00');
    expect(historyWindow('TAEGLICH', '2026-11-29', last).toDay).toBe('2026-11-29');
  });

  it('steps a month; the next month of a running one ends yesterday', () => {
    const now = berlin('2026-11-22T12:00:00', '+01:00');
    expect(stepReferenceDay('TAEGLICH', '2026-11-21', -1, now)).toBe('2026-10-21');
    expect(stepReferenceDay('TAEGLICH', '2026-10-31', 1, now)).toBe('2026-11-21');
    expect(stepReferenceDay('TAEGLICH', '2026-11-21', 1, now)).toBeNull();
    const march = historyWindow('TAEGLICH', '2026-03-29', now);
    expect(march).toMatchObject({ fromDay: '2026-03-01', toDay: '2026-03-31' });
    expect(march.to.getTime() - march.from.getTime()).toBe((31 * 24 - 1) * 3_600_000);
    const october = historyWindow('TAEGLICH', '2026-10-25', now);
    expect(october.to.getTime() - october.from.getTime()).toBe((31 * 24 + 1) * 3_600_000);
  });
});

describe('monthly history (Jahresübersicht)', () => {
  it('shows the year up to yesterday and steps a year', () => {
    const now = berlin('2026-11-22T11:59:00', '+01:00');
    expect(historyWindow('MONATLICH', '2026-11-21', now)).toMatchObject({
      fromDay: '2026-01-01',
      toDay: '2026-11-21',
    });
    expect(stepReferenceDay('MONATLICH', '2026-11-21', -1, now)).toBe('2025-11-21');
    expect(historyWindow('MONATLICH', '2025-11-21', now)).toMatchObject({
      fromDay: '2025-01-01',
      toDay: '2025-12-31',
    });
    expect(stepReferenceDay('MONATLICH', '2025-12-31', 1, now)).toBe('2026-11-21');
    expect(stepReferenceDay('MONATLICH', '2026-11-21', 1, now)).toBeNull();
  });

  it('on New Year’s Day shows the whole year before', () => {
    const now = berlin('2027-01-01T12:00:00', '+01:00');
    expect(historyWindow('MONATLICH', latestReferenceDay('MONATLICH', now), now)).toMatchObject({
      fromDay: '2026-01-01',
      toDay: '2026-12-31',
    });
  });
});

describe('price series window (spec §7.2)', () => {
  it('is yesterday and today before 12:00, today and tomorrow from 12:00', () => {
    expect(priceSeriesWindow(berlin('2026-11-22T11:59:00', '+01:00'))).toMatchObject({
      fromDay: '2026-11-21',
      toDay: '2026-11-22',
    });
    const noon = priceSeriesWindow(berlin('2026-11-22T12:00:00', '+01:00'));
    expect(noon).toMatchObject({ fromDay: '2026-11-22', toDay: '2026-11-23' });
    expect(iso(noon.from)).toBe('2026-11-21T23:00:00.000Z');
    expect(iso(noon.to)).toBe('2026-11-23T23:00:00.000Z');
    expect(priceSeriesWindow(berlin('2026-10-25T12:00:00', '+01:00'))).toMatchObject({
      fromDay: '2026-10-25',
      toDay: '2026-10-26',
    });
  });
});

describe('the history view in the URL', () => {
  it('reads the view of a shared link', () => {
    expect(parseHistorySearch({ ansicht: 'TAEGLICH', tag: '2026-10-15' })).toEqual({
      ansicht: 'TAEGLICH',
      tag: '2026-10-15',
    });
    for (const ansicht of Granularities)
      expect(parseHistorySearch({ ansicht })).toEqual({ ansicht });
  });

  it('drops what it cannot read, so that the default view opens', () => {
    expect(parseHistorySearch({ ansicht: 'WOECHENTLICH', tag: '15.10.2026' })).toEqual({});
    expect(parseHistorySearch({ ansicht: 'taeglich', tag: '2026-02-30' })).toEqual({});
    expect(parseHistorySearch({ ansicht: ['TAEGLICH'], tag: 20261015 })).toEqual({});
    expect(parseHistorySearch({ tag: '2026-1-5' })).toEqual({});
    // a month alone is no day, though Date reads it as the month's first
    expect(parseHistorySearch({ tag: '2026-10' })).toEqual({});
    expect(parseHistorySearch({ tag: '2028-02-29' })).toEqual({ tag: '2028-02-29' });
    expect(parseHistorySearch({})).toEqual({});
  });

  it("names both keys, so that the router's raw search cannot show through", () => {
    // TanStack Router lays the validated search over the raw one: a key left out keeps "monat".
    const raw = { ansicht: 'monat', tag: '2026-13-45' };
    expect({ ...raw, ...parseHistorySearch(raw) }).toStrictEqual({
      ansicht: undefined,
      tag: undefined,
    });
  });
});
