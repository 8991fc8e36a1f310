import { z } from './zod-german';
import type { SessionAnswer } from './session';
import { PASSWORD_LENGTH_MESSAGE, PASSWORD_MIN_LENGTH } from './validation';

export const KundennummerSchema = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, 'Die Kundennummer besteht nur aus Ziffern.');

/** Login, password change and token refresh answer the customer number in the body. */
export const SessionAnswerSchema = z.object({
  kundennummer: z.string(),
}) satisfies z.ZodType<SessionAnswer>;

export const TokenRefreshAnswerSchema = z.object({
  kundennummer: z.string(),
  nachricht: z.string(),
});
export type TokenRefreshAnswer = z.infer<typeof TokenRefreshAnswerSchema>;

const newPassword = z
  .string()
  .refine((value) => [...value].length >= PASSWORD_MIN_LENGTH, PASSWORD_LENGTH_MESSAGE)
  .refine(
    (value) => [...value].length <= 128,
    'Das Passwort darf höchstens 128 Zeichen lang sein.',
  );

export const ChangePasswordInputSchema = z.object({
  altesPasswort: z.string().min(1, 'Bitte geben Sie Ihr bisheriges Passwort ein.'),
  neuesPasswort: newPassword,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

export const PasswordResetCompletionSchema = z.object({ neuesPasswort: newPassword });
