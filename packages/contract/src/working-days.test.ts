import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  earliestCancellationDate,
  holidayYears,
  isWorkingDay,
} from './working-days';

const holidays = new Set([
  '2026-12-25',
  '2026-12-26',
  '2027-01-01',
  '2027-01-06',
  '2026-04-03',
  '2026-04-06',
]);
const isHoliday = (day: string) => holidays.has(day);

describe('working days', () => {
  it('skips weekends, 24.12., 31.12. and holidays', () => {
    expect(isWorkingDay('2026-11-23', isHoliday)).toBe(true); // Monday
    expect(isWorkingDay('2026-11-21', isHoliday)).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-22', isHoliday)).toBe(false); // Sunday
    expect(isWorkingDay('2026-12-24', isHoliday)).toBe(false); // Thursday, Christmas Eve
    expect(isWorkingDay('2026-12-31', isHoliday)).toBe(false); // Thursday, New Year's Eve
    expect(isWorkingDay('2026-12-25', isHoliday)).toBe(false);
  });

  it('does not count the start day', () => {
    expect(addWorkingDays('2026-11-23', 1, isHoliday)).toBe('2026-11-24');
    expect(earliestCancellationDate('2026-11-23', isHoliday)).toBe('2026-11-25');
  });

  it('jumps a weekend', () => {
    expect(earliestCancellationDate('2026-11-20', isHoliday)).toBe('2026-11-24'); // Friday → Tuesday
    expect(earliestCancellationDate('2026-11-22', isHoliday)).toBe('2026-11-24'); // Sunday → Tuesday
  });

  it('crosses Christmas and New Year', () => {
    expect(earliestCancellationDate('2026-12-23', isHoliday)).toBe('2026-12-29');
    expect(earliestCancellationDate('2026-12-29', isHoliday)).toBe('2027-01-04');
    expect(earliestCancellationDate('2027-01-04', isHoliday)).toBe('2027-01-07');
  });

  it('crosses Easter', () => {
    expect(earliestCancellationDate('2026-04-01', isHoliday)).toBe('2026-04-07');
  });

  it('asks for next year too in December', () => {
    expect(holidayYears('2026-11-30')).toEqual([2026]);
    expect(holidayYears('2026-12-01')).toEqual([2026, 2027]);
  });
});
