import { describe, expect, it } from 'vitest';
import { CreateBillingAddressInputSchema } from './address-input';

/** The field → message map of a refused input, or the parsed value. */
const check = (input: Record<string, unknown>) => {
  const result = CreateBillingAddressInputSchema.safeParse(input);
  if (result.success) return result.data;
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
};

const street = {
  gueltigVon: '2026-12-01',
  anrede: 'Frau',
  vorname: 'Erika',
  nachname: 'Muster',
  strasse: 'Musterweg',
  hausnummer: '12a',
  postleitzahl: '12345',
  ort: 'Musterstadt',
};

describe('the billing address input (spec §5)', () => {
  it('takes a street address, trimmed, in Germany unless another land is named', () => {
    expect(check({ ...street, ort: '  Musterstadt ' })).toMatchObject({
      ...street,
      land: 'Deutschland',
    });
    expect(
      check({ ...street, anrede: 'keine Anrede', vorname: undefined, nachname: undefined }),
    ).toMatchObject({
      anrede: 'KeineAnrede',
    });
  });

  it('takes a Postfach instead of street and house number', () => {
    expect(
      check({ ...street, strasse: undefined, hausnummer: undefined, postfach: '123' }),
    ).toMatchObject({ postfach: '123' });
    expect(check({ ...street, strasse: undefined, hausnummer: undefined, postfach: '12' })).toEqual(
      {
        postfach: 'Das Postfach muss mindestens 3 Zeichen lang sein.',
      },
    );
  });

  it('asks for the names the salutation needs, at least 2 characters each', () => {
    expect(check({ ...street, anrede: 'Firma', firma: 'X' })).toEqual({
      firma: 'Bitte geben Sie den Firmennamen mit mindestens 2 Zeichen an.',
    });
    expect(
      check({ ...street, anrede: 'Firma', firma: 'XY', vorname: undefined, nachname: undefined }),
    ).toMatchObject({
      firma: 'XY',
    });
    for (const anrede of ['Herr', 'Frau'])
      expect(check({ ...street, anrede, vorname: 'E', nachname: 'M' })).toEqual({
        vorname: 'Der Vorname muss mindestens 2 Zeichen lang sein.',
        nachname: 'Der Nachname muss mindestens 2 Zeichen lang sein.',
      });
    expect(check({ ...street, anrede: 'Familie', vorname: undefined, nachname: 'M' })).toEqual({
      nachname: 'Der Nachname muss mindestens 2 Zeichen lang sein.',
    });
    expect(
      check({ ...street, anrede: 'Familie', vorname: undefined, nachname: 'Mü' }),
    ).toMatchObject({
      nachname: 'Mü',
    });
  });

  it('asks for street, house number, postal code and place', () => {
    expect(
      check({ ...street, strasse: 'Ab', hausnummer: undefined, postleitzahl: '', ort: 'Ul' }),
    ).toEqual({
      strasse: 'Die Straße muss mindestens 3 Zeichen lang sein.',
      hausnummer: 'Bitte geben Sie eine Hausnummer an.',
      postleitzahl: 'Bitte geben Sie eine Postleitzahl an.',
      ort: 'Der Ort muss mindestens 3 Zeichen lang sein.',
    });
    expect(check({ ...street, hausnummer: '!!', postleitzahl: '123' })).toEqual({
      hausnummer: 'Die Hausnummer ist ungültig.',
      postleitzahl: expect.stringMatching(/Postleitzahl/),
    });
    expect(check({ ...street, strasse: 'Abc', hausnummer: '1', ort: 'Ulm' })).toMatchObject({
      strasse: 'Abc',
    });
  });
});
