import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdSchema } from './common';
import { parseId } from './ids';

describe('parseId', () => {
  it('accepts exactly what IdSchema accepts, as the same number', () => {
    const examples = ['1', '5000001', '2147483647', '2147483648', '0', '-3', '1.5', '', ' 7 ', 'x'];
    const inputs = fc.oneof(
      fc.constantFrom(...examples),
      fc.integer().map(String),
      fc.double().map(String),
      fc.string(),
      fc.integer({ min: -5, max: 2 ** 32 }),
    );
    fc.assert(
      fc.property(inputs, (input) => {
        const schema = IdSchema.safeParse(input);
        expect(parseId(input)).toBe(schema.success ? schema.data : undefined);
      }),
      { numRuns: 2000 },
    );
  });
});
