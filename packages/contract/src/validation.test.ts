import { describe, expect, it } from 'vitest';
import {
  canSubmitLogin,
  checkHouseNumber,
  checkPostalCode,
  checkReadingValue,
  isEmailAddress,
  meetsPasswordMinLength,
  minDate,
  minLength,
  parseReadingValue,
  PASSWORD_HINT,
  PASSWORD_LENGTH_MESSAGE,
  PASSWORD_MIN_LENGTH,
  PASSWORD_STRENGTH_PERCENT,
  PASSWORD_STRONG_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  passwordStrength,
  readingValueMessage,
} from './validation';

describe('password strength', () => {
  it.each([
    ['Abc-12x', 'nichtVorhanden'], // 7 characters
    ['abcdefgh', 'schwach'], // 8, letters only
    ['abcdefg1', 'mittel'], // 8, letter + digit
    ['abcdefg!', 'mittel'], // 8, letter + special
    ['1234567!', 'mittel'], // 8, digit + special
    ['12345678', 'schwach'], // 8, digits only
    ['Abcdefg1!', 'mittel'], // 9, all four classes but short of 10
    ['Abcdefgh1!', 'stark'], // 10, all four
    ['abcdefgh1!', 'mittel'], // 10, no upper case
    ['ABCDEFGH1!', 'mittel'], // 10, no lower case
    ['Abcdefghi!', 'mittel'], // 10, no digit
    ['Abcdefghi1', 'mittel'], // 10, no special
    ['Grüße-€-2026', 'stark'],
  ])('%s is %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });

  it('maps the levels to the bar widths of spec §9', () => {
    expect(PASSWORD_STRENGTH_PERCENT).toEqual({
      nichtVorhanden: 0,
      schwach: 5,
      mittel: 55,
      stark: 100,
    });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordStrength('€€€€€€€')).toBe('nichtVorhanden');
    expect(meetsPasswordMinLength('ääääääää')).toBe(true);
    expect(meetsPasswordMinLength('äääääää')).toBe(false);
  });
});

describe('password rules', () => {
  it('needs PASSWORD_MIN_LENGTH characters, 8 by spec §9', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(meetsPasswordMinLength('1234567')).toBe(false);
    expect(meetsPasswordMinLength('12345678')).toBe(true);
    expect(meetsPasswordMinLength('')).toBe(false);
  });

  it('builds its messages from the constants, as the spec words them', () => {
    expect(PASSWORD_LENGTH_MESSAGE).toBe('Das Passwort muss mindestens 8 Zeichen lang sein.');
    expect(PASSWORD_TOO_LONG_MESSAGE).toBe('Das Passwort darf höchstens 128 Zeichen lang sein.');
    expect(PASSWORD_STRONG_LENGTH).toBe(10);
    expect(PASSWORD_HINT).toBe(
      'Ein starkes Passwort ist mindestens 10 Zeichen lang und beinhaltet mindestens eine Zahl, einen kleinen Buchstaben, einen großen Buchstaben und ein Sonderzeichen.',
    );
  });
});

describe('login rule', () => {
  const base = {
    kundennummer: '10001',
    passwort: 'x',
    nutzungsbedingungenAkzeptiert: false,
    nutzungsbedingungenErforderlich: false,
  };
  it('needs a customer number and a password', () => {
    expect(canSubmitLogin(base)).toBe(true);
    expect(canSubmitLogin({ ...base, kundennummer: '   ' })).toBe(false);
    expect(canSubmitLogin({ ...base, passwort: '' })).toBe(false);
  });
  it('needs the terms only where the variant asks for them', () => {
    expect(canSubmitLogin({ ...base, nutzungsbedingungenErforderlich: true })).toBe(false);
    expect(
      canSubmitLogin({
        ...base,
        nutzungsbedingungenErforderlich: true,
        nutzungsbedingungenAkzeptiert: true,
      }),
    ).toBe(true);
  });
});

describe('e-mail', () => {
  const label = (length: number) => 'a'.repeat(length);
  /** An address of exactly `total` characters with a local part of `local`. */
  const address = (local: number, total: number) => {
    const domainLength = total - local - 1 - 3; // "@" and ".de"
    const labels: string[] = [];
    let rest = domainLength;
    while (rest > 0) {
      const size = Math.min(63, rest);
      labels.push(label(size));
      rest -= size + 1;
    }
    const domain = `${labels.join('.')}.de`;
    const result = `${label(local)}@${domain}`;
    return result.length === total ? result : result.slice(0, 0);
  };

  it('accepts an ordinary address and rejects malformed ones', () => {
    expect(isEmailAddress('max.mustermann@example.de')).toBe(true);
    expect(isEmailAddress(' max.mustermann@example.de ')).toBe(true);
    expect(isEmailAddress('max@@example.de')).toBe(false);
    expect(isEmailAddress('max.example.de')).toBe(false);
    expect(isEmailAddress('max@example')).toBe(false);
    expect(isEmailAddress('')).toBe(false);
  });

  it('allows 254 characters in total and not 255', () => {
    const ok = address(60, 254);
    const tooLong = address(60, 255);
    expect(ok).toHaveLength(254);
    expect(tooLong).toHaveLength(255);
    expect(isEmailAddress(ok)).toBe(true);
    expect(isEmailAddress(tooLong)).toBe(false);
  });

  it('allows a local part of 64 and not 65', () => {
    expect(isEmailAddress(`${label(64)}@example.de`)).toBe(true);
    expect(isEmailAddress(`${label(65)}@example.de`)).toBe(false);
  });
});

describe('postal code', () => {
  it.each([
    ['', 'undefined'],
    ['123', 'invalid'],
    ['1234', 'valid'],
    ['12345', 'valid'],
    ['123456', 'invalid'],
    ['1234a', 'invalid'],
  ])('%j is %s', (value, typ) => {
    expect(checkPostalCode(value).typ).toBe(typ);
  });
});

describe('house number', () => {
  it.each([
    ['', 'undefined'],
    ['12', 'valid'],
    ['12a', 'valid'],
    ['12ab', 'valid'],
    ['12-14', 'valid'],
    ['12/1', 'valid'],
    ['12a-b', 'valid'],
    ['12/3a', 'valid'],
    ['12A', 'invalid'],
    ['a12', 'invalid'],
    ['12-', 'invalid'],
    ['12 a', 'invalid'],
    ['12-14-16', 'invalid'],
  ])('%j is %s', (value, typ) => {
    expect(checkHouseNumber(value).typ).toBe(typ);
  });
});

describe('reading value', () => {
  it('allows up to the channel digits before and after the comma', () => {
    expect(checkReadingValue('123456', 6, 1).typ).toBe('valid');
    expect(checkReadingValue('1234567', 6, 1)).toEqual({
      typ: 'invalid',
      nachricht: readingValueMessage(6, 1),
    });
    expect(checkReadingValue('12345,6', 6, 1).typ).toBe('valid');
    expect(checkReadingValue('12345,67', 6, 1).typ).toBe('invalid');
    expect(checkReadingValue('12345,67', 6, 2).typ).toBe('valid');
    expect(checkReadingValue('1,', 6, 2).typ).toBe('invalid');
    expect(checkReadingValue(',5', 6, 2).typ).toBe('invalid');
    expect(checkReadingValue('12.5', 6, 2).typ).toBe('invalid');
    expect(checkReadingValue('', 6, 2).typ).toBe('invalid');
  });

  it('allows no comma on a channel without decimals', () => {
    expect(checkReadingValue('42', 5, 0).typ).toBe('valid');
    expect(checkReadingValue('42,0', 5, 0).typ).toBe('invalid');
  });

  it('says the limits in its message', () => {
    expect(readingValueMessage(6, 1)).toBe(
      'Die Ablesung darf höchstens 6 Vorkommastellen und darf maximal 1 Nachkommastelle(n) haben.',
    );
  });

  it('turns the comma into a dot', () => {
    expect(parseReadingValue('12345,6')).toBe(12345.6);
  });
});

describe('rules of the forms still on Feedback', () => {
  it('length rules measure trimmed text and let empty input pass', () => {
    expect(minLength(3, 'kurz')('')).toEqual({ typ: 'undefined' });
    expect(minLength(3, 'kurz')(' ab ').typ).toBe('invalid');
    expect(minLength(3, 'kurz')(' abc ').typ).toBe('valid');
  });

  it('date rules compare days and let empty input pass', () => {
    expect(minDate('2026-11-24', 'früh')('').typ).toBe('undefined');
    expect(minDate('2026-11-24', 'früh')('2026-11-23')).toEqual({
      typ: 'invalid',
      nachricht: 'früh',
    });
    expect(minDate('2026-11-24', 'früh')('2026-11-24').typ).toBe('valid');
  });
});
