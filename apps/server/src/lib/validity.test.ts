import { describe, expect, it } from 'vitest';
import {
  allowedAction,
  dayBefore,
  isValidOn,
  planReplacement,
  validOnOrNotFound,
} from './validity';

const row = (id: number, gueltigVon: string, gueltigBis: string | null = null) => ({
  id,
  gueltigVon,
  gueltigBis,
});

describe('validity of billing addresses and bank details', () => {
  it('counts days across months, years and leap days', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
  });

  it('ends the row valid on the new day and stops before a later row', () => {
    const rows = [row(1, '2020-01-01', '2026-12-31'), row(2, '2027-01-01')];
    expect(planReplacement(rows, '2026-12-01')).toEqual({
      conflict: undefined,
      replaced: rows[0],
      newUntil: '2026-12-31',
    });
    expect(planReplacement(rows, '2027-02-01')).toMatchObject({
      replaced: rows[1],
      newUntil: null,
    });
    expect(planReplacement(rows, '2027-01-01').conflict).toBe(rows[1]);
    expect(planReplacement([], '2027-01-01')).toEqual({
      conflict: undefined,
      replaced: undefined,
      newUntil: null,
    });
  });

  it('deletes future rows, ends current ones and leaves ended ones alone', () => {
    const today = '2026-11-22';
    expect(allowedAction(row(1, '2026-11-23'), today)).toBe('loeschen');
    expect(allowedAction(row(1, '2026-11-22'), today)).toBe('beenden');
    expect(allowedAction(row(1, '2020-01-01', '2027-01-01'), today)).toBe('beenden');
    expect(allowedAction(row(1, '2020-01-01', '2026-11-22'), today)).toBeNull();
    expect(allowedAction(row(1, '2020-01-01', '2021-01-01'), today)).toBeNull();
  });

  it('counts both the first and the last day as valid', () => {
    const bounded = row(1, '2026-01-01', '2026-01-31');
    expect(isValidOn(bounded, '2025-12-31')).toBe(false);
    expect(isValidOn(bounded, '2026-01-01')).toBe(true);
    expect(isValidOn(bounded, '2026-01-31')).toBe(true);
    expect(isValidOn(bounded, '2026-02-01')).toBe(false);
    expect(isValidOn(row(1, '2026-01-01'), '2099-12-31')).toBe(true);
  });

  it('answers the row valid on a day, or 404 with the given message', () => {
    const rows = [row(1, '2020-01-01', '2025-12-31'), row(2, '2026-01-01')];
    expect(validOnOrNotFound(rows, '2026-01-01', 'Keine.')).toBe(rows[1]);
    expect(validOnOrNotFound(rows, '2025-12-31', 'Keine.')).toBe(rows[0]);
    expect(() => validOnOrNotFound(rows, '2019-12-31', 'Keine.')).toThrow(
      expect.objectContaining({ statusCode: 404, message: 'Keine.' }),
    );
  });

  it('ends the new row before the earliest later row, whatever their order', () => {
    const rows = [
      row(3, '2027-06-01'),
      row(1, '2020-01-01', '2026-12-31'),
      row(2, '2027-01-01', '2027-05-31'),
    ];
    expect(planReplacement(rows, '2026-12-01')).toEqual({
      conflict: undefined,
      replaced: rows[1],
      newUntil: '2026-12-31',
    });
    // a row starting on the day is a conflict, not the row replaced
    expect(planReplacement(rows, '2027-01-01')).toEqual({
      conflict: rows[2],
      replaced: undefined,
      newUntil: '2027-05-31',
    });
    expect(
      planReplacement([row(1, '2020-01-01', '2026-12-31')], '2027-01-01').replaced,
    ).toBeUndefined();
  });
});
