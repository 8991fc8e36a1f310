import { describe, expect, it } from 'vitest';
import {
  ChangePasswordFormSchema,
  ChangePasswordInputSchema,
  NewPasswordSchema,
  PasswordResetFormSchema,
  PasswordResetRequestSchema,
} from './auth';

const messages = (result: {
  error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined;
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('new password (spec §5)', () => {
  it('needs 8 characters, counted as the customer sees them, and at most 128', () => {
    expect(messages(NewPasswordSchema.safeParse('Abc-123'))).toEqual({
      '': 'Das Passwort muss mindestens 8 Zeichen lang sein.',
    });
    expect(NewPasswordSchema.safeParse('Abc-1234').success).toBe(true);
    expect(NewPasswordSchema.safeParse('€€€€€€€€').success).toBe(true);
    expect(NewPasswordSchema.safeParse('a'.repeat(128)).success).toBe(true);
    expect(messages(NewPasswordSchema.safeParse('a'.repeat(129)))).toEqual({
      '': 'Das Passwort darf höchstens 128 Zeichen lang sein.',
    });
  });
});

describe('change password form (spec §2.3, §5)', () => {
  const valid = {
    altesPasswort: 'alt',
    neuesPasswort: '12345678',
    neuesPasswortWiederholung: '12345678',
  };

  it('is complete with an old password, 8 new characters and an equal repeat', () => {
    expect(ChangePasswordFormSchema.safeParse(valid).success).toBe(true);
    expect(messages(ChangePasswordFormSchema.safeParse({ ...valid, altesPasswort: '' }))).toEqual({
      altesPasswort: 'Bitte geben Sie Ihr bisheriges Passwort ein.',
    });
  });

  it('says that the repeat differs, also while the new password is still too short', () => {
    expect(
      messages(
        ChangePasswordFormSchema.safeParse({ ...valid, neuesPasswortWiederholung: '12345679' }),
      ),
    ).toEqual({ neuesPasswortWiederholung: 'Die neuen Passwörter stimmen nicht überein.' });
    expect(
      messages(
        ChangePasswordFormSchema.safeParse({
          ...valid,
          neuesPasswort: '1234567',
          neuesPasswortWiederholung: '123456',
        }),
      ),
    ).toEqual({
      neuesPasswort: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
      neuesPasswortWiederholung: 'Die neuen Passwörter stimmen nicht überein.',
    });
  });

  it('sends only the call’s fields', () => {
    expect(ChangePasswordInputSchema.parse(valid)).toEqual({
      altesPasswort: 'alt',
      neuesPasswort: '12345678',
    });
  });
});

describe('reset forms (spec §2.2, §5)', () => {
  it('needs 8 characters and an equal repeat', () => {
    expect(
      PasswordResetFormSchema.safeParse({
        neuesPasswort: '12345678',
        neuesPasswortWiederholung: '12345678',
      }).success,
    ).toBe(true);
    expect(
      messages(
        PasswordResetFormSchema.safeParse({
          neuesPasswort: '12345678',
          neuesPasswortWiederholung: '',
        }),
      ),
    ).toEqual({ neuesPasswortWiederholung: 'Die neuen Passwörter stimmen nicht überein.' });
  });

  it('asks the customer number as digits', () => {
    expect(PasswordResetRequestSchema.parse({ kundennummer: ' 10001 ' })).toEqual({
      kundennummer: '10001',
    });
    expect(messages(PasswordResetRequestSchema.safeParse({ kundennummer: '' }))).toEqual({
      kundennummer: 'Die Kundennummer besteht nur aus Ziffern.',
    });
  });
});
