import { NO_FEEDBACK, VALID, invalid, type Feedback } from './feedback';

/**
 * The validation rules of spec §5 as pure functions. Each answers a Feedback: `valid`,
 * `invalid` with the German message, or `undefined` where the rule has nothing to say yet.
 * Web forms and server checks call the same functions.
 */

const isBlank = (value: string | null | undefined): boolean => !value || value.trim() === '';

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
export const EMAIL_INVALID_MESSAGE = 'Die angegebene Email ist ungültig.';
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** E-mail: empty is allowed; otherwise the pattern, at most 254 characters, local part at most 64. */
export function checkEmail(value: string | null | undefined): Feedback {
  if (isBlank(value)) return NO_FEEDBACK;
  const email = value!.trim();
  const localPart = email.slice(0, email.lastIndexOf('@'));
  const ok =
    EMAIL_PATTERN.test(email) &&
    email.length <= EMAIL_MAX_LENGTH &&
    localPart.length <= EMAIL_LOCAL_PART_MAX_LENGTH;
  return ok ? VALID : invalid(EMAIL_INVALID_MESSAGE);
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_STRONG_LENGTH = 10;
export const PASSWORD_LENGTH_MESSAGE = 'Das Passwort muss mindestens 8 Zeichen lang sein.';
export const PASSWORD_MISMATCH_MESSAGE = 'Die neuen Passwörter stimmen nicht überein.';
export const PASSWORD_HINT =
  'Ein starkes Passwort ist mindestens 10 Zeichen lang und beinhaltet mindestens eine Zahl, einen kleinen Buchstaben, einen großen Buchstaben und ein Sonderzeichen.';

export const PasswordStrengths = ['nichtVorhanden', 'schwach', 'mittel', 'stark'] as const;
export type PasswordStrength = (typeof PasswordStrengths)[number];
export const PASSWORD_STRENGTH_PERCENT: Readonly<Record<PasswordStrength, number>> = {
  nichtVorhanden: 0,
  schwach: 5,
  mittel: 55,
  stark: 100,
};
export const PASSWORD_STRENGTH_LABELS: Readonly<Record<PasswordStrength, string>> = {
  nichtVorhanden: 'nicht vorhanden',
  schwach: 'schwach',
  mittel: 'mittel',
  stark: 'stark',
};

/** Counted in code points, so that "€" or an emoji is one character as the customer sees it. */
const length = (text: string): number => [...text].length;

export function passwordStrength(password: string): PasswordStrength {
  if (length(password) < PASSWORD_MIN_LENGTH) return 'nichtVorhanden';
  const hasLower = /\p{Ll}/u.test(password);
  const hasUpper = /\p{Lu}/u.test(password);
  const hasLetter = /\p{L}/u.test(password);
  const hasDigit = /\p{Nd}/u.test(password);
  const hasSpecial = /[^\p{L}\p{Nd}]/u.test(password);
  if (
    length(password) >= PASSWORD_STRONG_LENGTH &&
    hasLower &&
    hasUpper &&
    hasDigit &&
    hasSpecial
  ) {
    return 'stark';
  }
  const classes = [hasSpecial, hasDigit, hasLetter].filter(Boolean).length;
  return classes >= 2 ? 'mittel' : 'schwach';
}

export function checkPasswordLength(password: string): Feedback {
  if (password === '') return NO_FEEDBACK;
  return length(password) >= PASSWORD_MIN_LENGTH ? VALID : invalid(PASSWORD_LENGTH_MESSAGE);
}

export function checkPasswordRepeat(password: string, repeat: string): Feedback {
  if (repeat === '') return NO_FEEDBACK;
  return password === repeat ? VALID : invalid(PASSWORD_MISMATCH_MESSAGE);
}

/** Change password: old non-empty, new at least 8 characters, repeat equal. */
export function canSubmitPasswordChange(old: string, next: string, repeat: string): boolean {
  return old !== '' && length(next) >= PASSWORD_MIN_LENGTH && next === repeat;
}

/**
 * The reset page (spec §5): below 8 characters the new password's own feedback, from 8 on the
 * feedback whether the repeat equals it.
 */
export function passwordResetFeedback(
  password: string,
  repeat: string,
): { password: Feedback; repeat: Feedback } {
  if (length(password) < PASSWORD_MIN_LENGTH) {
    return { password: checkPasswordLength(password), repeat: NO_FEEDBACK };
  }
  return { password: VALID, repeat: checkPasswordRepeat(password, repeat) };
}

/** Reset via token: at least 8 characters and equal to the repeat. */
export function canSubmitPasswordReset(next: string, repeat: string): boolean {
  return length(next) >= PASSWORD_MIN_LENGTH && next === repeat;
}

export function canSubmitLogin(input: {
  kundennummer: string;
  passwort: string;
  nutzungsbedingungenAkzeptiert: boolean;
  nutzungsbedingungenErforderlich: boolean;
}): boolean {
  return (
    !isBlank(input.kundennummer) &&
    input.passwort !== '' &&
    (!input.nutzungsbedingungenErforderlich || input.nutzungsbedingungenAkzeptiert)
  );
}

/** Phone numbers: always valid (spec §5). */
export function checkPhone(): Feedback {
  return NO_FEEDBACK;
}

// Generic rules, each with the caller's message. Empty values pass length and date checks.

export function requiredText(message: string) {
  return (value: string | null | undefined): Feedback =>
    isBlank(value) ? invalid(message) : VALID;
}

export function requiredSelect(message: string) {
  return (value: unknown): Feedback =>
    value === undefined || value === null || value === '' ? invalid(message) : VALID;
}

export function conditionallyRequiredText(message: string, required: () => boolean) {
  return (value: string | null | undefined): Feedback =>
    required() ? requiredText(message)(value) : NO_FEEDBACK;
}

export function maxLength(max: number, message: string) {
  return (value: string | null | undefined): Feedback => {
    if (isBlank(value)) return NO_FEEDBACK;
    return length(value!.trim()) <= max ? VALID : invalid(message);
  };
}

/** Dates as YYYY-MM-DD compare correctly as text. */
export function maxDate(max: string, message: string) {
  return (value: string | null | undefined): Feedback => {
    if (isBlank(value)) return NO_FEEDBACK;
    return value! <= max ? VALID : invalid(message);
  };
}

/** Runs rules in order and answers the first that is not valid. */
export function firstProblem(...feedbacks: Feedback[]): Feedback {
  return feedbacks.find((feedback) => feedback.typ === 'invalid') ?? VALID;
}
