import { describe, expect, it } from 'vitest';
import { earliestCancellationDate, isHolidayEntry } from '@kundenportal/contract';
import { createHolidayService } from './service';

const { holidaysOf, isHoliday } = createHolidayService();

describe('holiday data of all German states', () => {
  it('flags national and regional holidays per state', () => {
    const holidays2026 = holidaysOf(2026);
    const newYear = holidays2026.find((holiday) => holiday.date === '2026-01-01');
    expect(newYear).toMatchObject({ fname: 'Neujahr', comment: '', by: '1', be: '1', th: '1' });
    const epiphany = holidays2026.find((holiday) => holiday.date === '2026-01-06');
    expect(epiphany).toMatchObject({ bw: '1', by: '1', st: '1', be: '0', nw: '0' });
    expect(isHolidayEntry(epiphany!)).toBe(true);
    expect(holidays2026.find((holiday) => holiday.date === '2026-11-18')).toMatchObject({
      sn: '1',
      by: '0',
    });
  });

  it('knows Easter of 2026 and 2027', () => {
    for (const day of ['2026-04-03', '2026-04-06', '2027-03-26', '2027-03-29']) {
      expect(isHoliday(day), day).toBe(true);
    }
    expect(isHoliday('2026-04-07')).toBe(false);
  });
});

describe('earliest cancellation date with the real holidays', () => {
  it.each([
    ['2026-12-22', '2026-12-28'], // Tue → 23 (1), 24 no, 25/26 holidays, 27 Sunday, 28 (2)
    ['2026-12-23', '2026-12-29'],
    ['2026-12-29', '2027-01-04'], // 30 (1), 31 no, 1.1. holiday, weekend, 4.1. (2)
    ['2027-01-04', '2027-01-07'], // 5 (1), 6.1. Epiphany in BW/BY/ST, 7 (2)
    ['2027-12-22', '2027-12-27'], // Wed → 23 (1), 24 no, 25/26 weekend, 27 (2)
    ['2026-04-01', '2026-04-07'], // Good Friday and Easter Monday
    ['2027-03-24', '2027-03-30'],
    ['2027-03-25', '2027-03-31'],
  ])('from %s it is %s', (today, expected) => {
    expect(earliestCancellationDate(today, isHoliday)).toBe(expected);
  });
});
