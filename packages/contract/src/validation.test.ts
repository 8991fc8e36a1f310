import { describe, expect, it } from 'vitest';
import {
  canSubmitLogin,
  canSubmitPasswordChange,
  canSubmitPasswordReset,
  checkEmail,
  checkPasswordLength,
  checkPasswordRepeat,
  conditionallyRequiredText,
  maxDate,
  maxLength,
  passwordStrength,
  PASSWORD_STRENGTH_PERCENT,
  requiredSelect,
  requiredText,
  passwordResetFeedback,
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
    expect(checkPasswordLength('ääääääää').typ).toBe('valid');
  });
});

describe('password rules', () => {
  it('needs 8 characters', () => {
    expect(checkPasswordLength('1234567')).toEqual({
      typ: 'invalid',
      nachricht: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
    });
    expect(checkPasswordLength('12345678').typ).toBe('valid');
    expect(checkPasswordLength('').typ).toBe('undefined');
  });

  it('needs an equal repeat', () => {
    expect(checkPasswordRepeat('Abcdefgh1!', 'Abcdefgh1?')).toEqual({
      typ: 'invalid',
      nachricht: 'Die neuen Passwörter stimmen nicht überein.',
    });
    expect(checkPasswordRepeat('Abcdefgh1!', 'Abcdefgh1!').typ).toBe('valid');
  });

  it('allows a change only with old, 8 new characters and an equal repeat', () => {
    expect(canSubmitPasswordChange('alt', '12345678', '12345678')).toBe(true);
    expect(canSubmitPasswordChange('', '12345678', '12345678')).toBe(false);
    expect(canSubmitPasswordChange('alt', '1234567', '1234567')).toBe(false);
    expect(canSubmitPasswordChange('alt', '12345678', '12345679')).toBe(false);
  });

  it('allows a reset only with 8 characters and an equal repeat', () => {
    expect(canSubmitPasswordReset('12345678', '12345678')).toBe(true);
    expect(canSubmitPasswordReset('1234567', '1234567')).toBe(false);
    expect(canSubmitPasswordReset('12345678', '')).toBe(false);
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

  it('allows empty', () => {
    expect(checkEmail('').typ).toBe('undefined');
    expect(checkEmail(null).typ).toBe('undefined');
  });

  it('accepts an ordinary address and rejects malformed ones', () => {
    expect(checkEmail('max.mustermann@example.de').typ).toBe('valid');
    expect(checkEmail('max@@example.de')).toEqual({
      typ: 'invalid',
      nachricht: 'Die angegebene Email ist ungültig.',
    });
    expect(checkEmail('max.example.de').typ).toBe('invalid');
    expect(checkEmail('max@example').typ).toBe('invalid');
  });

  it('allows 254 characters in total and not 255', () => {
    const ok = address(60, 254);
    const tooLong = address(60, 255);
    expect(ok).toHaveLength(254);
    expect(tooLong).toHaveLength(255);
    expect(checkEmail(ok).typ).toBe('valid');
    expect(checkEmail(tooLong).typ).toBe('invalid');
  });

  it('allows a local part of 64 and not 65', () => {
    expect(checkEmail(`${label(64)}@example.de`).typ).toBe('valid');
    expect(checkEmail(`${label(65)}@example.de`).typ).toBe('invalid');
  });
});

describe('generic rules', () => {
  it('required text rejects empty and blank input', () => {
    const rule = requiredText('Pflichtfeld');
    expect(rule('')).toEqual({ typ: 'invalid', nachricht: 'Pflichtfeld' });
    expect(rule('  ')).toEqual({ typ: 'invalid', nachricht: 'Pflichtfeld' });
    expect(rule(undefined).typ).toBe('invalid');
    expect(rule('x').typ).toBe('valid');
  });

  it('required select rejects no choice', () => {
    const rule = requiredSelect('Bitte wählen');
    expect(rule(undefined).typ).toBe('invalid');
    expect(rule('').typ).toBe('invalid');
    expect(rule('AUSZUG').typ).toBe('valid');
  });

  it('conditionally required text checks only when the condition holds', () => {
    let needed = false;
    const rule = conditionallyRequiredText('Pflicht', () => needed);
    expect(rule('').typ).toBe('undefined');
    needed = true;
    expect(rule('').typ).toBe('invalid');
    expect(rule('x').typ).toBe('valid');
  });

  it('length rules measure trimmed text and let empty input pass', () => {
    expect(maxLength(3, 'lang')('').typ).toBe('undefined');
    expect(maxLength(3, 'lang')(' abc ').typ).toBe('valid');
    expect(maxLength(3, 'lang')('abcd')).toEqual({ typ: 'invalid', nachricht: 'lang' });
  });

  it('date rules compare days and let empty input pass', () => {
    expect(maxDate('2026-11-22', 'Zukunft')('').typ).toBe('undefined');
    expect(maxDate('2026-11-22', 'Zukunft')('2026-11-22').typ).toBe('valid');
    expect(maxDate('2026-11-22', 'Zukunft')('2026-11-23')).toEqual({
      typ: 'invalid',
      nachricht: 'Zukunft',
    });
  });
});

describe('reset page feedback', () => {
  it('tells the length below 8 characters and the equality from 8 on', () => {
    expect(passwordResetFeedback('kurz', 'anders')).toEqual({
      password: { typ: 'invalid', nachricht: 'Das Passwort muss mindestens 8 Zeichen lang sein.' },
      repeat: { typ: 'undefined' },
    });
    expect(passwordResetFeedback('Lang-genug-1', 'Lang-genug-2').repeat).toEqual({
      typ: 'invalid',
      nachricht: 'Die neuen Passwörter stimmen nicht überein.',
    });
    expect(passwordResetFeedback('Lang-genug-1', 'Lang-genug-1')).toEqual({
      password: { typ: 'valid' },
      repeat: { typ: 'valid' },
    });
  });
});
