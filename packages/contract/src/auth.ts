import { z } from 'zod';
import { IsoDateTimeSchema } from './common';
import { PASSWORD_LENGTH_MESSAGE, PASSWORD_MIN_LENGTH } from './validation';

/** Login's own statuses beside 200 and 401 (spec §7.1). */
export const LOGIN_STATUS_MUST_CHANGE_PASSWORD = 700;
export const LOGIN_STATUS_NO_PORTAL_ACCESS = 702;
/** How long the forced-change state lasts in the browser (spec §9). */
export const FORCED_CHANGE_SESSION_SECONDS = 300;
export const SESSION_STORAGE_KEY = 'ekp-token';

/** Kept in local storage under ekp-token. An empty token is the forced-change state. */
export const SessionSchema = z.object({
  token: z.string(),
  ablaufdatum: IsoDateTimeSchema,
  kundennummer: z.string(),
});
export type Session = z.infer<typeof SessionSchema>;

export const KundennummerSchema = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, 'Die Kundennummer besteht nur aus Ziffern.');

/** Login, password change and token refresh answer the customer number in the body. */
export const SessionAnswerSchema = z.object({ kundennummer: z.string() });
export type SessionAnswer = z.infer<typeof SessionAnswerSchema>;

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
