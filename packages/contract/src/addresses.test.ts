import { describe, expect, it } from 'vitest';
import {
  billingAddressFormSchema,
  billingAddressInputSchema,
  CreateBillingAddressInputSchema,
  HOUSE_NUMBER_MESSAGE,
  POSTAL_CODE_MESSAGE,
} from './address-input';
import { ValidityMessages } from './messages';

const TOMORROW = '2026-11-23';
const valid = {
  gueltigVon: TOMORROW,
  anrede: 'Herr',
  vorname: 'Max',
  nachname: 'Mustermann',
  strasse: 'Musterweg',
  hausnummer: '12a',
  postleitzahl: '12345',
  ort: 'Musterstadt',
};
const problems = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('postal code and house number (spec §5)', () => {
  it.each(['1234', '12345'])('takes the postal code %j', (postleitzahl) => {
    expect(CreateBillingAddressInputSchema.safeParse({ ...valid, postleitzahl }).success).toBe(
      true,
    );
  });

  it.each(['123', '123456', '1234a'])('refuses the postal code %j', (postleitzahl) => {
    expect(problems(CreateBillingAddressInputSchema.safeParse({ ...valid, postleitzahl }))).toEqual(
      [['postleitzahl', POSTAL_CODE_MESSAGE]],
    );
  });

  it('asks for an empty postal code', () => {
    expect(
      problems(CreateBillingAddressInputSchema.safeParse({ ...valid, postleitzahl: ' ' })),
    ).toEqual([['postleitzahl', 'Bitte geben Sie eine Postleitzahl an.']]);
  });

  it.each(['12', '12a', '12ab', '12-14', '12/1', '12a-b', '12/3a'])(
    'takes the house number %j',
    (hausnummer) => {
      expect(CreateBillingAddressInputSchema.safeParse({ ...valid, hausnummer }).success).toBe(
        true,
      );
    },
  );

  it.each(['12A', 'a12', '12-', '12 a', '12-14-16'])(
    'refuses the house number %j',
    (hausnummer) => {
      expect(problems(CreateBillingAddressInputSchema.safeParse({ ...valid, hausnummer }))).toEqual(
        [['hausnummer', HOUSE_NUMBER_MESSAGE]],
      );
    },
  );
});

describe('"gültig ab" (spec §5, §9)', () => {
  it('is tomorrow or later where the day is known', () => {
    const schema = billingAddressInputSchema(TOMORROW);
    expect(schema.safeParse(valid).success).toBe(true);
    expect(problems(schema.safeParse({ ...valid, gueltigVon: '2026-11-22' }))).toEqual([
      ['gueltigVon', ValidityMessages.validFromTooEarly],
    ]);
    expect(problems(schema.safeParse({ ...valid, gueltigVon: '' }))[0]).toEqual([
      'gueltigVon',
      ValidityMessages.validFromRequired,
    ]);
  });
});

describe('the billing address form (spec §4.3, §5)', () => {
  const form = {
    ...valid,
    typ: 'Normal',
    titel: '',
    co: '',
    firma: '',
    postfach: '99',
    land: 'Deutschland',
  };

  it('sends the fields of the chosen type only, and empty texts as none', () => {
    expect(billingAddressFormSchema(TOMORROW).parse(form)).toEqual({
      gueltigVon: TOMORROW,
      anrede: 'Herr',
      vorname: 'Max',
      nachname: 'Mustermann',
      strasse: 'Musterweg',
      hausnummer: '12a',
      postleitzahl: '12345',
      ort: 'Musterstadt',
      land: 'Deutschland',
    });
    const postfach = billingAddressFormSchema(TOMORROW).parse({
      ...form,
      typ: 'Postfach',
      postfach: '98765',
    });
    expect(postfach).toMatchObject({ postfach: '98765' });
    expect(postfach.strasse).toBeUndefined();
    expect(postfach.hausnummer).toBeUndefined();
    expect(CreateBillingAddressInputSchema.safeParse(postfach).success).toBe(true);
  });

  it('asks for the box of a Postfach address, not for a street', () => {
    expect(
      problems(
        billingAddressFormSchema(TOMORROW).safeParse({
          ...form,
          typ: 'Postfach',
          postfach: '',
          strasse: '',
          hausnummer: '',
        }),
      ),
    ).toEqual([['postfach', 'Das Postfach muss mindestens 3 Zeichen lang sein.']]);
  });

  it('asks for the company when the salutation is Firma, and for a salutation', () => {
    expect(
      problems(billingAddressFormSchema(TOMORROW).safeParse({ ...form, anrede: 'Firma' })),
    ).toEqual([['firma', 'Bitte geben Sie den Firmennamen mit mindestens 2 Zeichen an.']]);
    expect(problems(billingAddressFormSchema(TOMORROW).safeParse({ ...form, anrede: '' }))).toEqual(
      [['anrede', 'Bitte wählen Sie eine Anrede.']],
    );
  });
});
