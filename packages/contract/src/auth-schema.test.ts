import { describe, expect, it } from 'vitest';
import {
  ChangePasswordInputSchema,
  KundennummerSchema,
  PasswordResetCompletionSchema,
  SessionAnswerSchema,
  TokenRefreshAnswerSchema,
} from './auth';
import { PASSWORD_LENGTH_MESSAGE, PASSWORD_MIN_LENGTH } from './validation';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('login and password inputs', () => {
  it('takes a customer number of 1 to 20 digits, trimmed', () => {
    expect(KundennummerSchema.parse(' 10001 ')).toBe('10001');
    expect(KundennummerSchema.parse('1'.repeat(20))).toBe('1'.repeat(20));
    for (const value of ['', '1'.repeat(21), 'x10001', '10001x', '10 01'])
      expect(messages(KundennummerSchema.safeParse(value)), value).toEqual([
        'Die Kundennummer besteht nur aus Ziffern.',
      ]);
  });

  it('asks a new password of 8 to 128 characters, counted as characters', () => {
    const min = 'a'.repeat(PASSWORD_MIN_LENGTH);
    for (const schema of [
      PasswordResetCompletionSchema,
      ChangePasswordInputSchema.pick({ neuesPasswort: true }),
    ]) {
      expect(schema.safeParse({ neuesPasswort: min }).success).toBe(true);
      expect(schema.safeParse({ neuesPasswort: '😀'.repeat(PASSWORD_MIN_LENGTH) }).success).toBe(
        true,
      );
      expect(schema.safeParse({ neuesPasswort: 'a'.repeat(128) }).success).toBe(true);
      expect(messages(schema.safeParse({ neuesPasswort: min.slice(1) }))).toEqual([
        PASSWORD_LENGTH_MESSAGE,
      ]);
      expect(
        messages(schema.safeParse({ neuesPasswort: '😀'.repeat(PASSWORD_MIN_LENGTH - 1) })),
      ).toEqual([PASSWORD_LENGTH_MESSAGE]);
      expect(messages(schema.safeParse({ neuesPasswort: 'a'.repeat(129) }))).toEqual([
        'Das Passwort darf höchstens 128 Zeichen lang sein.',
      ]);
    }
  });

  it('asks for the old password on a change', () => {
    expect(
      messages(
        ChangePasswordInputSchema.safeParse({ altesPasswort: '', neuesPasswort: 'abcdefgh' }),
      ),
    ).toEqual(['Bitte geben Sie Ihr bisheriges Passwort ein.']);
    expect(
      ChangePasswordInputSchema.safeParse({ altesPasswort: 'x', neuesPasswort: 'abcdefgh' })
        .success,
    ).toBe(true);
  });

  it('reads the answers of login and token refresh', () => {
    expect(SessionAnswerSchema.parse({ kundennummer: '10001' })).toEqual({ kundennummer: '10001' });
    expect(TokenRefreshAnswerSchema.safeParse({ kundennummer: '10001' }).success).toBe(false);
  });
});
