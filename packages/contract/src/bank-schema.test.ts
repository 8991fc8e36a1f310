import { describe, expect, it } from 'vitest';
import { IbanCheckResultSchema } from './bank';
import { CreateBankDetailsInputSchema, sepaMandateText } from './bank-input';
import { IBAN_CHECKSUM_MESSAGE, IBAN_FORMAT_MESSAGE } from './bank-rules';
import { ValidityMessages } from './messages';

const IBAN = 'DE89370400440532013000';
const input = { kontoinhaber: 'Erika Muster', iban: IBAN, gueltigVon: '2026-12-01' };
const problems = (value: Record<string, unknown>) => {
  const result = CreateBankDetailsInputSchema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the bank details input (spec §5)', () => {
  it('takes a German IBAN and a holder, direct debit allowed unless refused', () => {
    expect(CreateBankDetailsInputSchema.parse({ ...input, kontoinhaber: '  Eva ' })).toEqual({
      ...input,
      kontoinhaber: 'Eva',
      lastschrifteinzugErlaubt: true,
    });
    expect(
      CreateBankDetailsInputSchema.parse({ ...input, lastschrifteinzugErlaubt: false })
        .lastschrifteinzugErlaubt,
    ).toBe(false);
  });

  it('names each wrong field in German', () => {
    expect(problems({ ...input, kontoinhaber: ' Ev ' })).toEqual({
      kontoinhaber: 'Der Kontoinhaber muss mindestens 3 Zeichen lang sein.',
    });
    expect(problems({ ...input, kontoinhaber: undefined })).toEqual({
      kontoinhaber: 'Bitte geben Sie den Kontoinhaber an.',
    });
    expect(Object.keys(problems({ ...input, kontoinhaber: 'x'.repeat(101) }))).toEqual([
      'kontoinhaber',
    ]);
    expect(problems({ ...input, kontoinhaber: 'x'.repeat(100) })).toEqual({});
    expect(problems({ ...input, iban: undefined })).toEqual({ iban: IBAN_FORMAT_MESSAGE });
    expect(problems({ ...input, iban: 'DE12345' })).toEqual({ iban: IBAN_FORMAT_MESSAGE });
    expect(problems({ ...input, iban: 'DE88370400440532013000' })).toEqual({
      iban: IBAN_CHECKSUM_MESSAGE,
    });
    expect(problems({ ...input, gueltigVon: '2026-13-01' })).toEqual({
      gueltigVon: ValidityMessages.validFromRequired,
    });
  });

  it('answers an IBAN check with a kind from 0 to 3', () => {
    const result = {
      valide: true,
      iban: IBAN,
      bic: null,
      bankname: null,
      kontonummer: null,
      blz: null,
      art: 0,
      ibanAbleitbar: false,
      feedback: { typ: 'valid' },
    };
    expect(IbanCheckResultSchema.safeParse(result).success).toBe(true);
    expect(IbanCheckResultSchema.safeParse({ ...result, art: 3 }).success).toBe(true);
    expect(IbanCheckResultSchema.safeParse({ ...result, art: 4 }).success).toBe(false);
    expect(IbanCheckResultSchema.safeParse({ ...result, art: -1 }).success).toBe(false);
  });
});

describe('the SEPA mandate text', () => {
  it('names the creditor and its Gläubiger-ID', () => {
    const text = sepaMandateText({
      name: 'Küstenwerk Energie GmbH & Co. KG',
      glaeubigerId: 'DE76ZZZ00000123456',
    });
    expect(text).toContain(
      'Ich ermächtige den Zahlungsempfänger Küstenwerk Energie GmbH & Co. KG (Gläubiger-Identifikationsnummer DE76ZZZ00000123456), Zahlungen',
    );
    expect(text).toContain('vom Zahlungsempfänger Küstenwerk Energie GmbH & Co. KG auf mein Konto');
  });
});
