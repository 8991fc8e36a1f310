import { describe, expect, it } from 'vitest';
import { plausibilityQuery, PlausibilityQuerySchema } from './readings';

describe('the plausibility check query', () => {
  it('reads back what the web writes: one value per channel', () => {
    const input = {
      ablesedatum: '2026-11-20',
      zaehlernummer: 'Z-1',
      ablesewerte: { '1-1:1.8.1': 5300.5, '1-1:1.8.2': 12 },
    };
    expect(PlausibilityQuerySchema.parse(plausibilityQuery(input))).toEqual(input);
  });

  it('refuses a value that is not a number, at ablesewerte', () => {
    const result = PlausibilityQuerySchema.safeParse({
      ablesedatum: '2026-11-20',
      zaehlernummer: 'Z-1',
      'ablesewerte.1-1:1.8.1': '5,3',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      code: 'custom',
      path: ['ablesewerte'],
      message: 'Bitte geben Sie den Zählerstand als Zahl an.',
    });
  });

  it.each([
    ['empty', ''],
    ['only blanks', '  '],
    ['given twice', ['5300', '5400']],
  ])('refuses a value that is %s, not reading it as 0', (_, wert) => {
    const result = PlausibilityQuerySchema.safeParse({
      ablesedatum: '2026-11-20',
      zaehlernummer: 'Z-1',
      'ablesewerte.1-1:1.8.1': wert,
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Bitte geben Sie den Zählerstand als Zahl an.',
    ]);
  });
});
