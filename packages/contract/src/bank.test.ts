import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_HOLDER_LENGTH_MESSAGE,
  ACCOUNT_HOLDER_REQUIRED_MESSAGE,
  bankDetailsInputSchema,
  IBAN_REQUIRED_MESSAGE,
} from './bank-input';
import { IBAN_CHECKSUM_MESSAGE, IBAN_FORMAT_MESSAGE } from './bank-rules';
import { ValidityMessages } from './messages';

const TOMORROW = '2026-11-23';
const valid = {
  kontoinhaber: 'Max Mustermann',
  iban: '89 3704 0044 0532 0130 00',
  gueltigVon: TOMORROW,
};
const problemsOf = (values: object) =>
  bankDetailsInputSchema(TOMORROW)
    .safeParse({ ...valid, ...values })
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('bank details (spec §5)', () => {
  it('take a German IBAN with or without DE, direct debit allowed by default', () => {
    expect(bankDetailsInputSchema(TOMORROW).parse(valid)).toEqual({
      ...valid,
      lastschrifteinzugErlaubt: true,
    });
  });

  it('need an account holder of at least 3 characters', () => {
    expect(ACCOUNT_HOLDER_LENGTH_MESSAGE).toBe(
      'Der Kontoinhaber muss mindestens 3 Zeichen lang sein.',
    );
    expect(problemsOf({ kontoinhaber: ' Ma ' })).toEqual([
      ['kontoinhaber', ACCOUNT_HOLDER_LENGTH_MESSAGE],
    ]);
    expect(problemsOf({ kontoinhaber: '' })[0]).toEqual([
      'kontoinhaber',
      ACCOUNT_HOLDER_REQUIRED_MESSAGE,
    ]);
  });

  it('refuse an IBAN that is empty, of the wrong form or with a wrong checksum', () => {
    expect(problemsOf({ iban: '' })[0]).toEqual(['iban', IBAN_REQUIRED_MESSAGE]);
    expect(problemsOf({ iban: 'AT611904300234573201' })).toEqual([['iban', IBAN_FORMAT_MESSAGE]]);
    expect(problemsOf({ iban: 'DE88370400440532013000' })).toEqual([
      ['iban', IBAN_CHECKSUM_MESSAGE],
    ]);
  });

  it('are valid from tomorrow at the earliest', () => {
    expect(problemsOf({ gueltigVon: '2026-11-22' })).toEqual([
      ['gueltigVon', ValidityMessages.validFromTooEarly],
    ]);
    expect(bankDetailsInputSchema().safeParse({ ...valid, gueltigVon: '2020-01-01' }).success).toBe(
      true,
    );
  });
});
