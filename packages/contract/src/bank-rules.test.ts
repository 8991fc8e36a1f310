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
});

describe('BIC', () => {
  it('accepts 8 and 11 characters of the right shape', () => {
    expect(checkBic('COBADEFF').typ).toBe('valid');
    expect(checkBic('COBADEFFXXX').typ).toBe('valid');
    expect(checkBic('COBADEF').typ).toBe('invalid');
    expect(checkBic('COBA1EFF').typ).toBe('invalid');
    expect(checkBic('').typ).toBe('undefined');
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
});
