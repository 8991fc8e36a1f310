import { describe, expect, it } from 'vitest';
import { nextValidFrom, overviewHints, overviewHintText } from './overview';

const today = '2026-11-22';
const row = (
  gueltigVon: string,
  vertragId: number | null = null,
  gueltigBis: string | null = null,
) => ({
  gueltigVon,
  gueltigBis,
  vertragId,
});

describe('data overview hints (spec §2.4)', () => {
  it('names the four cases', () => {
    expect(overviewHints([], today)).toEqual(['keine']);
    expect(overviewHints([row('2020-01-01', null, '2021-01-01')], today)).toEqual(['keine']);
    expect(overviewHints([row('2027-01-01')], today)).toEqual(['nurKuenftige']);
    expect(overviewHints([row('2020-01-01', 7)], today)).toEqual(['nurVertragsspezifische']);
    expect(overviewHints([row('2020-01-01'), row('2020-01-01', 7)], today)).toEqual([
      'auchVertragsspezifische',
    ]);
    expect(overviewHints([row('2020-01-01')], today)).toEqual([]);
  });

  it('says from when the next future row applies', () => {
    const rows = [row('2027-03-01'), row('2027-01-01'), row('2026-12-01', 7)];
    expect(nextValidFrom(rows, today)).toBe('2027-01-01');
    expect(overviewHintText('nurKuenftige', 'bankverbindung', '2027-01-01')).toBe(
      'Es sind nur künftige Bankverbindungen hinterlegt. Die nächste gilt ab dem 01.01.2027.',
    );
  });
});
