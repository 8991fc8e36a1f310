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

  it('counts a row through its last day, and a row from its first', () => {
    expect(overviewHints([row('2020-01-01', null, today)], today)).toEqual([]);
    expect(overviewHints([row('2020-01-01', null, '2027-01-01')], today)).toEqual([]);
    expect(overviewHints([row(today)], today)).toEqual([]);
  });

  it('says "only future" only when no general row applies today', () => {
    expect(overviewHints([row('2020-01-01'), row('2027-01-01')], today)).toEqual([]);
    expect(overviewHints([row('2027-01-01'), row('2020-01-01', 7)], today)).toEqual([
      'nurKuenftige',
      'auchVertragsspezifische',
    ]);
  });

  it('takes the next start among the general rows that begin after today', () => {
    const rows = [row('2020-01-01'), row(today), row('2026-12-01', 7), row('2027-02-01')];
    expect(nextValidFrom(rows, today)).toBe('2027-02-01');
    expect(nextValidFrom([row('2020-01-01'), row('2026-12-01', 7)], today)).toBeUndefined();
  });

  it.each([
    ['rechnungsadresse', 'Rechnungsadresse', 'Rechnungsadressen', 'Rechnungsadresse bearbeiten'],
    ['bankverbindung', 'Bankverbindung', 'Bankverbindungen', 'Neue Bankverbindung anlegen'],
  ] as const)('words each hint for a %s', (kind, one, many, action) => {
    expect(overviewHintText('keine', kind)).toBe(
      `Bei uns ist noch keine ${one} hinterlegt. Mit „${action}“ hinterlegen Sie eine.`,
    );
    expect(overviewHintText('nurKuenftige', kind)).toBe(`Es sind nur künftige ${many} hinterlegt.`);
    expect(overviewHintText('nurVertragsspezifische', kind)).toBe(
      `Es sind nur vertragsspezifische ${many} hinterlegt. Sie finden sie bei den jeweiligen Verträgen.`,
    );
    expect(overviewHintText('auchVertragsspezifische', kind)).toBe(
      `Für einzelne Verträge sind zusätzlich abweichende ${many} hinterlegt. Sie finden sie bei den jeweiligen Verträgen.`,
    );
  });

  it('says from when the next future row applies', () => {
    const rows = [row('2027-03-01'), row('2027-01-01'), row('2026-12-01', 7)];
    expect(nextValidFrom(rows, today)).toBe('2027-01-01');
    expect(overviewHintText('nurKuenftige', 'bankverbindung', '2027-01-01')).toBe(
      'Es sind nur künftige Bankverbindungen hinterlegt. Die nächste gilt ab dem 01.01.2027.',
    );
  });
});
