import { describe, expect, it } from 'vitest';
import { holidayQuerySchema, isHolidayEntry } from './holidays';

describe('the holiday query (spec §7.4)', () => {
  // 26 November 2026: the date picker needs 2026, in December 2027 too; one year of room each side
  const years = (value: string) =>
    holidayQuerySchema(() => new Date('2026-11-26T10:00:00Z')).safeParse({ years: value });
  const MESSAGE = 'Bitte geben Sie Jahre von 2025 bis 2028 an, z. B. years=2026,2027.';

  it('takes one to four years from last year to two years ahead', () => {
    expect(years('2026').data).toEqual({ years: [2026] });
    expect(years('2025,2026,2027,2028').data).toEqual({ years: [2025, 2026, 2027, 2028] });
  });

  it.each([
    '2024',
    '2029',
    '2026,2029',
    '2025,2026,2027,2028,2026',
    '26',
    '2026;2027',
    ' 2026',
    '',
  ])('refuses years=%s, naming the years it takes', (value) => {
    expect(years(value).error?.issues.map((issue) => issue.message)).toEqual([MESSAGE]);
  });

  it('counts the years from the day in Germany', () => {
    // 31 December 2026, 23:30 UTC is already 2027 in Germany
    const newYear = holidayQuerySchema(() => new Date('2026-12-31T23:30:00Z'));
    expect(newYear.safeParse({ years: '2029' }).success).toBe(true);
    expect(newYear.safeParse({ years: '2025' }).error?.issues[0]?.message).toBe(
      'Bitte geben Sie Jahre von 2026 bis 2029 an, z. B. years=2027,2028.',
    );
  });
});

describe('a holiday entry (spec §7.4)', () => {
  it('counts only a state flag of "1", not a date, name or comment that reads "1"', () => {
    expect(isHolidayEntry({ date: '1', fname: '1', comment: '1', by: '0', sh: '0' })).toBe(false);
    expect(isHolidayEntry({ date: '2026-12-25', fname: 'Weihnachten', by: '0', sh: '1' })).toBe(
      true,
    );
  });
});
