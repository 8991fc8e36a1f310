import { meetsPasswordMinLength } from './validation';

/**
 * When a message shows (spec §2.3 and §5). The contract's schemas decide whether a value is
 * valid; these rules only decide when the customer is told, so that a form does not greet an
 * untouched field with red text. They never validate.
 */

const SURROGATE_PAIRS = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/**
 * Characters as the customer counts them: "€" or an emoji is one (code points, as `[...text]`
 * counts them, without an array of every character: the server counts 32 kB bodies with it).
 */
export const characterCount = (text: string | null | undefined): number =>
  (text ?? '').length - ((text ?? '').match(SURROGATE_PAIRS)?.length ?? 0);

/** A field's message shows once something was typed into it. */
export const showsOnceTyped = (value: string | null | undefined): boolean =>
  characterCount(value) > 0;

/** Spec §5 contact request: its hints show once the text has more than one character. */
const HINT_AFTER_CHARACTERS = 1;
export const showsOnceMoreThanOneCharacter = (text: string | null | undefined): boolean =>
  characterCount(text) > HINT_AFTER_CHARACTERS;

/** Spec §2.3 and §5: the strength bar shows from PASSWORD_MIN_LENGTH characters. */
export const showsPasswordStrength = (password: string | null | undefined): boolean =>
  meetsPasswordMinLength(password ?? '');

/**
 * Spec §5 change password: an old password below PASSWORD_MIN_LENGTH shows the length message,
 * once typed. Only a note: the old password was set under older rules, and the server decides.
 */
export const showsOldPasswordLengthNote = (password: string | null | undefined): boolean =>
  showsOnceTyped(password) && !meetsPasswordMinLength(password ?? '');

/**
 * Spec §5 reset page: below PASSWORD_MIN_LENGTH the new password's own message shows; from it
 * on, the message whether the repeat equals it (once a repeat was typed).
 */
export const showsRepeatCheck = (
  password: string | null | undefined,
  repeat: string | null | undefined,
): boolean => showsPasswordStrength(password) && showsOnceTyped(repeat);

/**
 * A disabled submit says what keeps it so, in the form's own labels: the fields
 * still empty ("Es fehlt noch: Straße, Postleitzahl.") and the filled ones the schema refuses
 * ("Bitte prüfen: IBAN."). Undefined when nothing is missing.
 */
export function missingFieldsText(
  empty: readonly string[],
  refused: readonly string[] = [],
): string | undefined {
  const parts = [
    empty.length > 0 ? `Es fehlt noch: ${empty.join(', ')}.` : undefined,
    refused.length > 0 ? `Bitte prüfen: ${refused.join(', ')}.` : undefined,
  ];
  return parts.filter(Boolean).join(' ') || undefined;
}

/** A field the customer may leave empty says so in its label. */
export const optionalLabel = (label: string): string => `${label} (optional)`;
