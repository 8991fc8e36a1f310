import { describe, expect, it } from 'vitest';
import type { MeterChoice } from './meter-choice';
import { readingSchemaFor } from './reading-schema';

const choiceOf = (lieferbeginn: string): MeterChoice => ({
  contractId: 5000001,
  meter: {
    nummer: '1APX5523001',
    kanaele: [{ obiskennzahl: '1-1:1.8.0', vorkommastellen: 6, nachkommastellen: 1 }],
  },
  lieferbeginn,
  lieferende: null,
});
const values = { zaehlernummer: '1APX5523001', ablesedatum: '2026-11-20', ablesewerte: ['42'] };

describe("the reading form's schema", () => {
  it('is built once per meter and day, though the page makes its choices anew', () => {
    const first = readingSchemaFor('2026-11-28', choiceOf('2020-01-01'));
    expect(readingSchemaFor('2026-11-28', choiceOf('2020-01-01'))).toBe(first);
    expect(readingSchemaFor('2026-11-29', choiceOf('2020-01-01'))).not.toBe(first);
  });

  it("is the chosen meter's: another delivery start is another schema with its own rule", () => {
    expect(readingSchemaFor('2026-11-28', choiceOf('2020-01-01')).safeParse(values).success).toBe(
      true,
    );
    // The reading date lies before this contract's delivery began.
    expect(readingSchemaFor('2026-11-28', choiceOf('2026-11-25')).safeParse(values).success).toBe(
      false,
    );
  });
});
