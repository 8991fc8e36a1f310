import { describe, expect, it } from 'vitest';
import {
  bankValidity,
  checkBic,
  checkGermanIban,
  deriveGermanIban,
  normalizeGermanIban,
  splitGermanIban,
} from './bank-rules';

const IBAN = 'DE89370400440532013000';

describe('German IBAN', () => {
  it('takes the IBAN with and without DE and with spaces', () => {
    expect(normalizeGermanIban(IBAN)).toBe(IBAN);
    expect(normalizeGermanIban('89370400440532013000')).toBe(IBAN);
    expect(normalizeGermanIban('DE89 3704 0044 0532 0130 00')).toBe(IBAN);
    expect(normalizeGermanIban('de89370400440532013000')).toBe(IBAN);
  });

  it('needs exactly 20 digits after DE', () => {
    expect(normalizeGermanIban('DE8937040044053201300')).toBeNull();
    expect(normalizeGermanIban('DE893704004405320130001')).toBeNull();
    expect(normalizeGermanIban('AT611904300234573201')).toBeNull();
  });

  it('checks the checksum', () => {
    expect(checkGermanIban(IBAN).typ).toBe('valid');
    expect(checkGermanIban('DE89 3704 0044 0532 0130 00').typ).toBe('valid');
    expect(checkGermanIban('DE88370400440532013000')).toEqual({
      typ: 'invalid',
      nachricht: 'Die IBAN ist ungültig.',
    });
    expect(checkGermanIban('').typ).toBe('undefined');
  });

  it('says nothing about a field of blanks yet', () => {
    expect(checkGermanIban('   ')).toEqual({ typ: 'undefined' });
  });
});

describe('BIC', () => {
  it('accepts 8 and 11 characters of the right shape', () => {
    expect(checkBic('COBADEFF').typ).toBe('valid');
    expect(checkBic('COBADEFFXXX').typ).toBe('valid');
    expect(checkBic('COBADEF').typ).toBe('invalid');
    expect(checkBic('COBA1EFF').typ).toBe('invalid');
    expect(checkBic('').typ).toBe('undefined');
    expect(checkBic('   ').typ).toBe('undefined');
  });

  it('takes a BIC typed in small letters or with blanks around it', () => {
    expect(checkBic('cobadeff').typ).toBe('valid');
    expect(checkBic(' COBADEFFXXX ').typ).toBe('valid');
  });

  it('refuses a character before or after the BIC', () => {
    expect(checkBic('1COBADEFF')).toEqual({ typ: 'invalid', nachricht: 'Die BIC ist ungültig.' });
    expect(checkBic('COBADEFFXXXX')).toEqual({
      typ: 'invalid',
      nachricht: 'Die BIC ist ungültig.',
    });
  });
});

describe('validity kinds 0–3 and the IBAN derivation', () => {
  it('derives the IBAN of an old account number and bank code (Bundesbank standard rule)', () => {
    expect(deriveGermanIban('532013000', '37040044')).toBe('DE89370400440532013000');
    expect(deriveGermanIban('0532013000', '3704 0044')).toBe('DE89370400440532013000');
    expect(deriveGermanIban('202051', '12030000')).toBe('DE02120300000000202051');
    expect(deriveGermanIban('12345678901', '37040044')).toBeNull();
    expect(deriveGermanIban('532013000', '3704004')).toBeNull();
  });

  it('takes an account number typed with blanks', () => {
    expect(deriveGermanIban('532 013 000', '370 400 44')).toBe('DE89370400440532013000');
  });

  it('does not move a digit typed into the wrong field over to the other', () => {
    // 11 + 7 digits are 18, as many as 10 + 8: still no account number and no bank code
    expect(deriveGermanIban('53201300012', '3704004')).toBeNull();
  });

  it('answers the four kinds', () => {
    expect(bankValidity({ iban: 'DE89 3704 0044 0532 0130 00' })).toEqual({ kind: 0, iban: IBAN });
    expect(bankValidity({})).toEqual({ kind: 1 });
    expect(bankValidity({ kontonummer: '532013000' })).toEqual({ kind: 1 });
    expect(bankValidity({ kontonummer: '532013000', blz: '37040044' })).toEqual({
      kind: 2,
      ibanAbleitbar: true,
      valide: true,
      iban: IBAN,
    });
    expect(bankValidity({ iban: 'DE88370400440532013000' })).toEqual({
      kind: 3,
      nachricht: 'Die IBAN ist ungültig.',
    });
  });

  it('splits bank code and account number out of an IBAN', () => {
    expect(splitGermanIban(IBAN)).toEqual({ blz: '37040044', kontonummer: '532013000' });
  });

  it('drops only the zeros that fill the account number to 10 digits', () => {
    expect(splitGermanIban('DE02120300000000202051')).toEqual({
      blz: '12030000',
      kontonummer: '202051',
    });
    expect(splitGermanIban('DE00370400441000000001').kontonummer).toBe('1000000001');
  });

  it('derives from account number and bank code when the IBAN field holds only blanks', () => {
    expect(bankValidity({ iban: '   ', kontonummer: '532013000', blz: '37040044' })).toEqual({
      kind: 2,
      ibanAbleitbar: true,
      valide: true,
      iban: IBAN,
    });
  });

  it('says why an IBAN is refused: its form or its checksum', () => {
    expect(bankValidity({ iban: 'DE8937040044' })).toEqual({
      kind: 3,
      nachricht: 'Die IBAN muss aus DE und 20 Ziffern bestehen.',
    });
  });
});
