import { describe, expect, it } from 'vitest';
import { berlinDay, berlinStartOfDay, berlinStartOfDayOf, berlinStartOfMonth } from './berlin-time';

describe('German days', () => {
  it('starts a day at midnight in Germany, summer and winter', () => {
    expect(berlinStartOfDayOf('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(berlinStartOfDayOf('2026-01-01').toISOString()).toBe('2025-12-31T23:00:00.000Z');
  });

  it('has 23 hours on the day summer time begins and 25 when it ends', () => {
    const hours = (day: string) =>
      (berlinStartOfDay(berlinStartOfDayOf(day), 1).getTime() - berlinStartOfDayOf(day).getTime()) /
      3_600_000;
    expect(hours('2026-03-29')).toBe(23);
    expect(hours('2026-10-25')).toBe(25);
    expect(hours('2026-11-22')).toBe(24);
  });

  it('names the German day of an instant', () => {
    expect(berlinDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('starts months in Germany', () => {
    expect(berlinStartOfMonth(new Date('2026-11-22T10:00:00Z')).toISOString()).toBe(
      '2026-10-31T23:00:00.000Z',
    );
    expect(berlinStartOfMonth(new Date('2026-11-22T10:00:00Z'), -1).toISOString()).toBe(
      '2026-09-30T22:00:00.000Z',
    );
  });
});
