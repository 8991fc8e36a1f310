import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formGaps } from './missing-fields';

const schema = z.object({
  strasse: z.string().min(3),
  postleitzahl: z.string().regex(/^\d{4,5}$/),
  co: z.string().optional(),
});
const labels = { strasse: 'Straße', postleitzahl: 'Postleitzahl', co: 'c/o' };

describe('formGaps', () => {
  it('names the empty fields as missing and the refused filled ones to be checked', () => {
    expect(formGaps(schema, { strasse: '', postleitzahl: '12' }, labels)).toEqual({
      empty: false,
      missing: 'Es fehlt noch: Straße. Bitte prüfen: Postleitzahl.',
    });
  });

  it('calls a form empty when no labelled field holds more than blanks', () => {
    expect(formGaps(schema, { strasse: '  ', postleitzahl: '', co: '' }, labels)).toEqual({
      empty: true,
      missing: 'Es fehlt noch: Straße, Postleitzahl.',
    });
  });

  it('says nothing once the schema takes the values', () => {
    expect(formGaps(schema, { strasse: 'Mühlenweg', postleitzahl: '12345' }, labels)).toEqual({
      empty: false,
      missing: undefined,
    });
  });
});
