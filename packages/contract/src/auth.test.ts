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

  it('says that the repeat differs also while the old password is missing', () => {
    expect(
      messages(
        ChangePasswordFormSchema.safeParse({
          altesPasswort: '',
          neuesPasswort: '12345678',
          neuesPasswortWiederholung: '12345679',
        }),
      ),
    ).toEqual({
      altesPasswort: 'Bitte geben Sie Ihr bisheriges Passwort ein.',
      neuesPasswortWiederholung: 'Die neuen Passwörter stimmen nicht überein.',
    });
  });

  it('names a missing new password or repeat as missing, not as a differing repeat', () => {
    expect(
      messages(
        ChangePasswordFormSchema.safeParse({
          altesPasswort: 'alt',
          neuesPasswortWiederholung: '12345678',
        }),
      ),
    ).toEqual({ neuesPasswort: 'Bitte geben Sie das neue Passwort an.' });
    expect(
      messages(
        ChangePasswordFormSchema.safeParse({ altesPasswort: 'alt', neuesPasswort: '12345678' }),
      ),
    ).toEqual({ neuesPasswortWiederholung: 'Bitte geben Sie die Angabe an.' });
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

  it('compares the repeat only when both are texts', () => {
    expect(
      messages(PasswordResetFormSchema.safeParse({ neuesPasswortWiederholung: '12345678' })),
    ).toEqual({ neuesPasswort: 'Bitte geben Sie das neue Passwort an.' });
    expect(messages(PasswordResetFormSchema.safeParse({ neuesPasswort: '12345678' }))).toEqual({
      neuesPasswortWiederholung: 'Bitte geben Sie die Angabe an.',
    });
    expect(
      messages(
        PasswordResetFormSchema.safeParse({
          neuesPasswort: 12345678,
          neuesPasswortWiederholung: '12345678',
        }),
      ),
    ).toEqual({ neuesPasswort: 'Bitte geben Sie das neue Passwort als Text an.' });
    expect(
      messages(
        PasswordResetFormSchema.safeParse({
          neuesPasswort: '12345678',
          neuesPasswortWiederholung: 12345678,
        }),
      ),
    ).toEqual({ neuesPasswortWiederholung: 'Bitte geben Sie die Angabe als Text an.' });
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

describe('a body that is no object', () => {
  it.each([null, undefined, 'Geheim-2026!', 42])(
    'is refused with a message, not a thrown error: %j',
    (body) => {
      for (const schema of [ChangePasswordFormSchema, PasswordResetFormSchema]) {
        const result = schema.safeParse(body);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toMatch(/^(Bitte geben Sie|Die Angabe fehlt)/);
      }
    },
  );
});
