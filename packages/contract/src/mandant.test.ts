import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MandantSchema, ServedMandantSchema } from './mandant';

const standard = JSON.parse(
  readFileSync(new URL('../../../config/mandanten/standard.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const issues = (value: unknown) => {
  const result = MandantSchema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};
const colours = standard.diagrammFarben as Record<string, unknown>;

describe('a portal variant (spec §1)', () => {
  it('takes the shipped variant, with a global message when it has one', () => {
    expect(issues(standard)).toEqual([]);
    expect(issues({ ...standard, globaleMeldung: { id: 'a', text: 'Wartung' } })).toEqual([]);
    expect(
      ServedMandantSchema.safeParse({
        ...standard,
        passwortResetUrl: 'https://portal.example.de/x',
        sitzungHoechstdauerStunden: 12,
      }).success,
    ).toBe(true);
  });

  it('takes colours as #rrggbb only', () => {
    for (const farbe of ['#AbCdEf', '#012345'])
      expect(issues({ ...standard, farben: { primaer: farbe, primaerDunkel: farbe } })).toEqual([]);
    for (const farbe of ['x#aabbcc', '#aabbccx', '#abc', '#gggggg', 'aabbcc'])
      expect(
        issues({ ...standard, farben: { primaer: farbe, primaerDunkel: '#000000' } }),
        farbe,
      ).toEqual(['farben.primaer: Eine Farbe wird als #rrggbb angegeben.']);
  });

  it('needs names, a reset page, mail addresses and at least one colour for the years', () => {
    expect(issues({ ...standard, name: '' })).toHaveLength(1);
    expect(issues({ ...standard, kurzname: '' })).toHaveLength(1);
    expect(issues({ ...standard, passwortResetBasisUrl: '' })).toHaveLength(1);
    expect(issues({ ...standard, absenderEmail: 'kein-mail' })).toHaveLength(1);
    expect(issues({ ...standard, diagrammFarben: { ...colours, jahre: [] } })).toHaveLength(1);
    expect(issues({ ...standard, diagrammLinienbreite: 0 })).toHaveLength(1);
    expect(issues({ ...standard, globaleMeldung: { id: '', text: '' } })).toHaveLength(2);
    expect((colours.jahre as string[]).length).toBeGreaterThan(1);
  });
});
