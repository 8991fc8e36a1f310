import { describe, expect, it } from 'vitest';
import { checkIban } from './iban-check';

describe('IBAN check against the Bundesbank bank-code data', () => {
  it('kind 0: a valid IBAN gives bank name, BIC, bank code and account number', () => {
    expect(checkIban({ iban: 'DE89 3704 0044 0532 0130 00' })).toEqual({
      valide: true,
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankname: 'Commerzbank',
      kontonummer: '532013000',
      blz: '37040044',
      art: 0,
      ibanAbleitbar: false,
      feedback: { typ: 'valid' },
    });
    // Typed without the prefix DE, as the field shows it.
    expect(checkIban({ iban: '02120300000000202051' })).toMatchObject({
      valide: true,
      bic: 'BYLADEM1001',
      bankname: 'Deutsche Kreditbank Berlin',
    });
  });

  it('kind 1: neither an IBAN nor account number and bank code', () => {
    expect(checkIban({})).toMatchObject({ valide: false, art: 1, feedback: { typ: 'undefined' } });
    expect(checkIban({ kontonummer: '532013000' })).toMatchObject({ art: 1 });
  });

  it('kind 2: derives the IBAN from the old account number and bank code', () => {
    expect(checkIban({ kontonummer: '532013000', blz: '37040044' })).toMatchObject({
      valide: true,
      iban: 'DE89370400440532013000',
      bankname: 'Commerzbank',
      bic: 'COBADEFFXXX',
      art: 2,
      ibanAbleitbar: true,
    });
    // The Bundesbank's example account 0648489890 at 50010517 (ING) gives DE12500105170648489890.
    expect(checkIban({ kontonummer: '0648489890', blz: '50010517' })).toMatchObject({
      iban: 'DE12500105170648489890',
      art: 2,
    });
  });

  it('kind 3: an IBAN that is present but not valid, with a German message', () => {
    expect(checkIban({ iban: 'DE88370400440532013000' })).toMatchObject({
      valide: false,
      art: 3,
      feedback: { typ: 'invalid', nachricht: 'Die IBAN ist ungültig.' },
    });
    expect(checkIban({ iban: 'DE8937' })).toMatchObject({
      art: 3,
      feedback: { typ: 'invalid', nachricht: 'Die IBAN muss aus DE und 20 Ziffern bestehen.' },
    });
    // Checksum right, but no bank has the code 00000000.
    expect(checkIban({ iban: 'DE57000000000532013000' }).feedback.typ).toBe('invalid');
  });
});
