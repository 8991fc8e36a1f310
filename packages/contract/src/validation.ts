/**
 * The rules of spec §5 that need no zod: the constants and predicates the schemas refine with,
 * and login's rule (its page loads no zod). A form's rule belongs in its schema.
 */

const isBlank = (value: string | null | undefined): boolean => !value || value.trim() === '';

export const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
export const EMAIL_INVALID_MESSAGE = 'Die angegebene Email ist ungültig.';
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * E-mail (spec §5): the pattern, at most 254 characters, local part at most 64. Whether an
 * empty address is allowed is the schema's to say (UpdateContactInputSchema allows it).
 */
export function isEmailAddress(value: string): boolean {
  const email = value.trim();
  const localPart = email.slice(0, email.lastIndexOf('@'));
  return (
    EMAIL_PATTERN.test(email) &&
    email.length <= EMAIL_MAX_LENGTH &&
    localPart.length <= EMAIL_LOCAL_PART_MAX_LENGTH
  );
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_STRONG_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_LENGTH_MESSAGE = `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`;
export const PASSWORD_TOO_LONG_MESSAGE = `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`;
export const PASSWORD_MISMATCH_MESSAGE = 'Die neuen Passwörter stimmen nicht überein.';
/** Above the spec's hint, which names the advice: what the rule asks and what is advised. */
export const PASSWORD_RULE_AND_ADVICE = `Mindestens ${PASSWORD_MIN_LENGTH} Zeichen, empfohlen sind ${PASSWORD_STRONG_LENGTH}.`;
export const PASSWORD_HINT = `Ein starkes Passwort ist mindestens ${PASSWORD_STRONG_LENGTH} Zeichen lang und beinhaltet mindestens eine Zahl, einen kleinen Buchstaben, einen großen Buchstaben und ein Sonderzeichen.`;

/** Said on the landing page after a password change (spec §4.1: "On success it goes home"). */
export const PASSWORD_CHANGED_MESSAGE = 'Ihr Passwort wurde geändert.';

export type PasswordStrength = 'nichtVorhanden' | 'schwach' | 'mittel' | 'stark';
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

/**
 * The one password length rule (spec §5 and §9): at least PASSWORD_MIN_LENGTH characters.
 * The schemas refine with it, the strength and the display timing ask it.
 */
export const meetsPasswordMinLength = (password: string): boolean =>
  length(password) >= PASSWORD_MIN_LENGTH;

export function passwordStrength(password: string): PasswordStrength {
  if (!meetsPasswordMinLength(password)) return 'nichtVorhanden';
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

/**
 * Login (spec §5): plain React state on a page that loads no zod, so its one rule stays here
 * without a schema.
 */
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
