import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  berlinDayOf,
  berlinHourOf,
  berlinIso,
  berlinMonthOf,
  berlinStartOfDay,
  berlinStartOfMonth,
  berlinStartOfYear,
  dayOfLocalDate,
  formatDateAndHour,
  formatDayAndHour,
  localDateOf,
  startOfBerlinDay,
  weekdayOf,
} from './berlin-time';

const iso = (date: Date) => date.toISOString();

describe('German days', () => {
  it('starts a day at local midnight, also on the days the clocks change', () => {
    expect(iso(startOfBerlinDay('2026-03-29'))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(startOfBerlinDay('2026-03-30'))).toBe('2026-03-29T22:00:00.000Z');
    expect(iso(startOfBerlinDay('2026-10-25'))).toBe('2026-10-24T22:00:00.000Z');
    expect(iso(startOfBerlinDay('2026-10-26'))).toBe('2026-10-25T23:00:00.000Z');
    expect(iso(startOfBerlinDay('2026-07-01'))).toBe('2026-06-30T22:00:00.000Z');
    expect(iso(startOfBerlinDay('2026-01-01'))).toBe('2025-12-31T23:00:00.000Z');
  });

  it('has 23 hours on the day summer time begins and 25 when it ends', () => {
    const hours = (day: string) =>
      (berlinStartOfDay(startOfBerlinDay(day), 1).getTime() - startOfBerlinDay(day).getTime()) /
      3_600_000;
    expect(hours('2026-03-29')).toBe(23);
    expect(hours('2026-10-25')).toBe(25);
    expect(hours('2026-11-22')).toBe(24);
  });

  it('names the German day, hour and month of an instant', () => {
    expect(berlinDayOf(new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25');
    expect(berlinDayOf(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(berlinDayOf(new Date('2026-12-31T23:30:00Z'), -1)).toBe('2026-12-31');
    expect(berlinHourOf(new Date('2026-07-01T10:15:00Z'))).toBe(12);
    expect(berlinHourOf(new Date('2026-01-01T10:15:00Z'))).toBe(11);
    expect(berlinMonthOf(new Date('2026-12-31T23:30:00Z'))).toBe(1);
  });

  it('agrees with Intl on every quarter-hour of a year with both clock changes', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    const mismatches: string[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 900_000) {
      const instant = new Date(t);
      const parts = Object.fromEntries(
        intl.formatToParts(instant).map((part) => [part.type, part.value]),
      );
      const day = `${parts.year}-${parts.month}-${parts.day}`;
      if (berlinDayOf(instant) !== day || berlinHourOf(instant) !== Number(parts.hour))
        mismatches.push(iso(instant));
    }
    expect(mismatches).toEqual([]);
    // 35,136 instants through Intl: a bound for a busy machine, not a measure.
  }, 30_000);

  it('starts months and years in Germany', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(iso(berlinStartOfMonth(now))).toBe('2026-10-31T23:00:00.000Z');
    expect(iso(berlinStartOfMonth(now, -1))).toBe('2026-09-30T22:00:00.000Z');
    expect(iso(berlinStartOfMonth(now, 2))).toBe('2026-12-31T23:00:00.000Z');
    expect(iso(berlinStartOfYear(now))).toBe('2025-12-31T23:00:00.000Z');
  });
});

describe('calendar arithmetic', () => {
  it("gives a calendar component the device's midnight of a day, and takes its dates back", () => {
    const date = localDateOf('2026-03-29');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([
      2026, 2, 29, 0,
    ]);
    expect(dayOfLocalDate(date)).toBe('2026-03-29');
    expect(dayOfLocalDate(new Date(2027, 0, 5, 23, 59))).toBe('2027-01-05');
  });
  it('moves days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('moves months to the last day where the day does not exist', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-11-30', -12)).toBe('2025-11-30');
  });

  it('names the weekday', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(weekdayOf('2026-11-23')).toBe(1);
  });
});

describe('German time with its offset', () => {
  it('writes the offset of the instant: the autumn hour twice, the spring hour not at all', () => {
    expect(berlinIso(Date.parse('2026-01-15T11:30:00Z'))).toBe('2026-01-15T12:30:00+01:00');
    expect(berlinIso(Date.parse('2026-07-01T22:15:00Z'))).toBe('2026-07-02T00:15:00+02:00');
    expect(berlinIso(Date.parse('2026-10-25T00:00:00Z'))).toBe('2026-10-25T02:00:00+02:00');
    expect(berlinIso(Date.parse('2026-10-25T01:00:00Z'))).toBe('2026-10-25T02:00:00+01:00');
    expect(berlinIso(Date.parse('2026-03-29T00:45:00Z'))).toBe('2026-03-29T01:45:00+01:00');
    expect(berlinIso(Date.parse('2026-03-29T01:00:00Z'))).toBe('2026-03-29T03:00:00+02:00');
  });
});

describe('formatDayAndHour', () => {
  it('labels an hour in German time, in winter and in summer', () => {
    expect(formatDayAndHour('2026-01-15T13:00:00.000Z')).toBe('15.01. 14:00');
    expect(formatDayAndHour('2026-07-01T22:00:00.000Z')).toBe('02.07. 00:00');
  });

  it('tells the hour the autumn switch repeats apart by its zone, as the CSV does', () => {
    const labels = [
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ].map(formatDayAndHour);
    expect(labels).toEqual([
      '25.10. 01:00',
      '25.10. 02:00 MESZ',
      '25.10. 02:00 MEZ',
      '25.10. 03:00',
    ]);
    // The spring switch skips 02:00: no hour there needs a zone.
    expect(formatDayAndHour('2026-03-29T01:00:00.000Z')).toBe('29.03. 03:00');
  });
});

describe('German wall-clock text', () => {
  const intl = new Intl.DateTimeFormat('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Berlin',
  });
  // Every quarter hour of a year and a day (some seconds past it), both switches included.
  const instants = Array.from(
    { length: 366 * 96 },
    (_, index) => new Date(Date.UTC(2025, 11, 31) + index * 900_000 + (index % 7) * 1_000),
  );

  it('shows each instant as Intl does, the repeated hour with its zone', () => {
    // One comparison of all 35,136 texts: an expect per instant took over 5 s on a busy CI.
    const expected: string[] = [];
    const actual: string[] = [];
    for (const instant of instants) {
      const text = intl.format(instant).replace(',', '');
      const repeated =
        intl.format(new Date(instant.getTime() + 3_600_000)) === intl.format(instant)
          ? ' MESZ'
          : intl.format(new Date(instant.getTime() - 3_600_000)) === intl.format(instant)
            ? ' MEZ'
            : '';
      expected.push(text + repeated, text.replace(/^(\d\d\.\d\d\.)\d{4}/, '$1') + repeated);
      actual.push(formatDateAndHour(instant), formatDayAndHour(instant.toISOString()));
    }
    expect(actual).toEqual(expected);
  }, 30_000);

  it('marks exactly the quarter hours whose clock repeats, each once in either zone', () => {
    const marked = instants.filter((instant) => / ME(S)?Z$/.test(formatDateAndHour(instant)));
    expect(marked.map(formatDateAndHour)).toEqual([
      '25.10.2026 02:00 MESZ',
      '25.10.2026 02:15 MESZ',
      '25.10.2026 02:30 MESZ',
      '25.10.2026 02:45 MESZ',
      '25.10.2026 02:00 MEZ',
      '25.10.2026 02:15 MEZ',
      '25.10.2026 02:30 MEZ',
      '25.10.2026 02:45 MEZ',
    ]);
  });
});
