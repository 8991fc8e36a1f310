import { describe, expect, it } from 'vitest';
import {
  formatBoolean,
  formatCentPerKwh,
  formatDate,
  formatLongDate,
  formatDateTime,
  formatEuro,
  formatFileSize,
  formatIban,
  maskedIban,
  formatTime,
  madeOnFirstUse,
  formatKwh,
  formatNumber,
  formatPercent,
  formatMonthAndYear,
  formatShortMonth,
  formatWeekdayAndDay,
} from './format';

// Intl puts a narrow no-break space in some places; compare what a reader sees.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('de-DE formatting', () => {
  it('uses a decimal comma and at least two decimals', () => {
    expect(formatNumber(3)).toBe('3,00');
    expect(formatNumber(1234.5)).toBe('1.234,50');
    expect(formatNumber(0.125, 3)).toBe('0,125');
  });
  it('adds kWh, € and %', () => {
    expect(plain(formatKwh(3512.4))).toBe('3.512,40 kWh');
    expect(plain(formatEuro(12))).toBe('12,00 €');
    expect(plain(formatPercent(0.35))).toBe('35,00 %');
  });
  it('shows working prices in Cent', () => {
    expect(plain(formatCentPerKwh(0.3245))).toBe('32,45 ct/kWh');
  });
  it('shows booleans as Ja/Nein', () => {
    expect(formatBoolean(true)).toBe('Ja');
    expect(formatBoolean(false)).toBe('Nein');
  });
  it.each([
    [0, '0 Byte'],
    [999, '999 Byte'],
    [1000, '1 kB'],
    [1499, '1 kB'],
    [1500, '2 kB'],
    [367_123, '367 kB'],
    [999_499, '999 kB'],
    [999_500, '1,0 MB'],
    [2_513_420, '2,5 MB'],
    [12_345_678, '12,3 MB'],
  ])('shows a file of %i bytes as %s', (bytes, shown) => {
    expect(plain(formatFileSize(bytes))).toBe(shown);
  });
  it('shows a time of day as HH:mm in German time, summer and winter', () => {
    expect(formatTime('2026-07-01T10:05:00Z')).toBe('12:05');
    expect(formatTime('2026-01-01T23:30:00Z')).toBe('00:30');
  });
  it("names a history point's day and month as they are in Germany", () => {
    // 23:30 UTC on 31.10. is already Sunday, 1 November, in Germany.
    expect(plain(formatWeekdayAndDay('2026-10-31T23:30:00Z'))).toBe('So., 01.11.');
    expect(formatMonthAndYear('2026-10-31T23:30:00Z')).toBe('November 2026');
    expect(formatShortMonth('2026-10-31T23:30:00Z')).toBe('Nov');
  });
  it('shows dates as dd.mm.yyyy', () => {
    expect(formatDate('2026-03-05')).toBe('05.03.2026');
    // 23:30 UTC on 31.12. is already New Year in Germany
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('01.01.2027');
  });
  it('writes a calendar day long as the date picker shows it, as Intl would', () => {
    expect(formatLongDate('2026-03-05')).toBe('5. März 2026');
    expect(formatLongDate('2026-11-27')).toBe('27. November 2026');
    const intl = new Intl.DateTimeFormat('de-DE', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let month = 1; month <= 12; month++) {
      const day = `2027-${String(month).padStart(2, '0')}-01`;
      expect(formatLongDate(day)).toBe(intl.format(new Date(`${day}T00:00:00Z`)));
    }
  });
  it('follows date-times with Uhr in German time, summer and winter', () => {
    expect(formatDateTime('2026-07-01T10:05:00Z')).toBe('01.07.2026, 12:05 Uhr');
    expect(formatDateTime('2026-01-01T10:05:00Z')).toBe('01.01.2026, 11:05 Uhr');
  });
});

describe('madeOnFirstUse', () => {
  it('makes its value on the first call only, not before', () => {
    let made = 0;
    const formatter = madeOnFirstUse(() => ({ number: ++made }));
    expect(made).toBe(0);
    expect(formatter()).toBe(formatter());
    expect(made).toBe(1);
  });
});

describe('IBANs on screen', () => {
  it('groups by four, the last group as long as it is', () => {
    expect(formatIban('DE02120300000000202051')).toBe('DE02 1203 0000 0000 2020 51');
    expect(formatIban('NO9386011117947')).toBe('NO93 8601 1117 947');
  });

  it('masks all but country, check digits and the last four, whatever the length', () => {
    expect(maskedIban('DE02120300000000202051')).toBe('DE02 •••• •••• •••• 2051');
    expect(maskedIban('NO9386011117947')).toBe('NO93 •••• •••• •••• 7947');
    expect(maskedIban('MT84MALT011000012345MTLCAST001S')).toBe('MT84 •••• •••• •••• 001S');
  });
});
