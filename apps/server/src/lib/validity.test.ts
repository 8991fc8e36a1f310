import { describe, expect, it } from 'vitest';
import { allowedAction, dayBefore, planReplacement } from './validity';

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
});
