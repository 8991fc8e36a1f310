import { describe, expect, it } from 'vitest';
import {
  characterCount,
  missingFieldsText,
  optionalLabel,
  showsOnceMoreThanOneCharacter,
  showsOldPasswordLengthNote,
  showsOnceTyped,
  showsPasswordStrength,
  showsRepeatCheck,
} from './display-timing';
import { PASSWORD_MIN_LENGTH } from './validation';

describe('display timing', () => {
  it('counts characters as the customer sees them', () => {
    expect(characterCount('€😀a')).toBe(3);
    expect(characterCount(undefined)).toBe(0);
    expect(characterCount(null)).toBe(0);
  });

  it('counts as many characters as the text has code points, unpaired surrogates one each', () => {
    for (const text of [
      '😀😀x😀',
      '\uD800a',
      'a\uDC00\uD800',
      '\uD83D\uDE00\uD83D',
      'x'.repeat(40_000),
    ])
      expect(characterCount(text)).toBe([...text].length);
  });

  it('shows a message once something was typed', () => {
    expect(showsOnceTyped('')).toBe(false);
    expect(showsOnceTyped(null)).toBe(false);
    expect(showsOnceTyped('a')).toBe(true);
    expect(showsOnceTyped(' ')).toBe(true);
  });

  it('shows the contact request hints once the text has more than one character', () => {
    expect(showsOnceMoreThanOneCharacter('')).toBe(false);
    expect(showsOnceMoreThanOneCharacter('a')).toBe(false);
    expect(showsOnceMoreThanOneCharacter('😀')).toBe(false);
    expect(showsOnceMoreThanOneCharacter('ab')).toBe(true);
    expect(showsOnceMoreThanOneCharacter(undefined)).toBe(false);
  });

  it('shows the strength from the minimum password length', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(showsPasswordStrength('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(false);
    expect(showsPasswordStrength('a'.repeat(PASSWORD_MIN_LENGTH))).toBe(true);
    expect(showsPasswordStrength('€'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(false);
    expect(showsPasswordStrength('€'.repeat(PASSWORD_MIN_LENGTH))).toBe(true);
  });

  it('notes a short old password once typed', () => {
    expect(showsOldPasswordLengthNote('')).toBe(false);
    expect(showsOldPasswordLengthNote('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(true);
    expect(showsOldPasswordLengthNote('a'.repeat(PASSWORD_MIN_LENGTH))).toBe(false);
  });

  it('shows the repeat check from the minimum length, once a repeat was typed', () => {
    const long = 'a'.repeat(PASSWORD_MIN_LENGTH);
    const short = 'a'.repeat(PASSWORD_MIN_LENGTH - 1);
    expect(showsRepeatCheck(short, 'x')).toBe(false);
    expect(showsRepeatCheck(long, '')).toBe(false);
    expect(showsRepeatCheck(long, 'x')).toBe(true);
  });
});

describe('what a disabled submit says', () => {
  it('names the empty fields, then the refused ones, in the order given', () => {
    expect(missingFieldsText(['Straße', 'Postleitzahl'])).toBe(
      'Es fehlt noch: Straße, Postleitzahl.',
    );
    expect(missingFieldsText(['Kontoinhaber'], ['IBAN', 'Gültig ab'])).toBe(
      'Es fehlt noch: Kontoinhaber. Bitte prüfen: IBAN, Gültig ab.',
    );
    expect(missingFieldsText([], ['IBAN'])).toBe('Bitte prüfen: IBAN.');
  });

  it('says nothing when nothing is missing', () => {
    expect(missingFieldsText([])).toBeUndefined();
    expect(missingFieldsText([], [])).toBeUndefined();
  });
});

it('marks an optional field in its label', () => {
  expect(optionalLabel('Titel')).toBe('Titel (optional)');
});
