import { isKundennummer, KUNDENNUMMER_FORMAT_MESSAGE } from './customer-number';
import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import type { SessionAnswer } from './session';
import {
  meetsPasswordMinLength,
  PASSWORD_LENGTH_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
} from './validation';

export const KundennummerSchema = lazySchema(() =>
  z.string().trim().refine(isKundennummer, KUNDENNUMMER_FORMAT_MESSAGE),
);

/** Login, password change and token refresh answer the customer number in the body. */
export const SessionAnswerSchema = lazySchema(
  () =>
    z.object({
      kundennummer: z.string(),
    }) satisfies z.ZodType<SessionAnswer>,
);

export const TokenRefreshAnswerSchema = lazySchema(() =>
  z.object({
    kundennummer: z.string(),
    nachricht: z.string(),
  }),
);

/** A new password (spec §5): the one length rule, and a ceiling for the hash's sake. */
export const NewPasswordSchema = lazySchema(() =>
  z
    .string()
    .refine(meetsPasswordMinLength, PASSWORD_LENGTH_MESSAGE)
    .refine((value) => [...value].length <= PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
);

const OLD_PASSWORD_MISSING_MESSAGE = 'Bitte geben Sie Ihr bisheriges Passwort ein.';

export const ChangePasswordInputSchema = lazySchema(() =>
  z.object({
    altesPasswort: z.string().min(1, OLD_PASSWORD_MISSING_MESSAGE),
    neuesPasswort: NewPasswordSchema,
  }),
);
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

export const PasswordResetCompletionSchema = lazySchema(() =>
  z.object({ neuesPasswort: NewPasswordSchema }),
);

/**
 * The repeat of a form, which never travels: equal to the new password (spec §5). Checked also
 * while the new password is still refused, so that both messages can show at once.
 */
const repeatEquals = (values: { neuesPasswort: string; neuesPasswortWiederholung: string }) =>
  values.neuesPasswort === values.neuesPasswortWiederholung;
const repeatCheck = {
  path: ['neuesPasswortWiederholung'],
  message: PASSWORD_MISMATCH_MESSAGE,
  // zod asks this even when the value is no object at all (null as a request body): then there
  // is nothing to compare, and the type check's own message stands.
  when: ({ value }: { value: unknown }) => {
    const values = value as Record<string, unknown> | null | undefined;
    return (
      typeof values?.neuesPasswort === 'string' &&
      typeof values?.neuesPasswortWiederholung === 'string'
    );
  },
};
const repeat = { neuesPasswortWiederholung: z.string() };

/** The change-password form: the call's input and the repeat (spec §2.3, §5). */
export const ChangePasswordFormSchema = lazySchema(() =>
  ChangePasswordInputSchema.extend(repeat).refine(repeatEquals, repeatCheck),
);

/** The reset page's form: the new password and its repeat (spec §2.2, §5). */
export const PasswordResetFormSchema = lazySchema(() =>
  PasswordResetCompletionSchema.extend(repeat).refine(repeatEquals, repeatCheck),
);

/**
 * Whether a reset link can still be used (POST /anschlussnutzer/passwort_reset_pruefen with the
 * link's token): nothing else, so that the answer never tells whose link it is.
 */
export const PasswordResetLinkAnswerSchema = lazySchema(() => z.object({ nutzbar: z.boolean() }));

/** The password forms' fields with their labels: what a disabled submit names. */
export const PASSWORD_FORM_LABELS = {
  altesPasswort: 'Bisheriges Passwort',
  neuesPasswort: 'Neues Passwort',
  neuesPasswortWiederholung: 'Neues Passwort wiederholen',
} as const;
export const PASSWORD_RESET_REQUEST_LABELS = { kundennummer: 'Kundennummer' } as const;

/** The forgotten-password form: the customer number, as the call's header takes it. */
export const PasswordResetRequestSchema = lazySchema(() =>
  z.object({ kundennummer: KundennummerSchema }),
);
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;
