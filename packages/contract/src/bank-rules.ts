import { composeIBAN, isValidIBAN } from 'ibantools';
import { NO_FEEDBACK, VALID, invalid, type Feedback } from './feedback';

export const IBAN_FORMAT_MESSAGE = 'Die IBAN muss aus DE und 20 Ziffern bestehen.';
export const IBAN_CHECKSUM_MESSAGE = 'Die IBAN ist ungültig.';
const BIC_MESSAGE = 'Die BIC ist ungültig.';

/**
 * The German IBAN as the customer may type it: with or without the shown prefix DE, with
 * spaces. Answers "DE" plus 20 digits, or null when the text is not of that form.
 */
export function normalizeGermanIban(input: string): string | null {
  // Stryker disable next-line Regex: one blank or a run of them, every blank is removed either way
  const compact = input.replace(/\s+/g, '').toUpperCase();
  const digits = compact.startsWith('DE') ? compact.slice(2) : compact;
  return /^\d{20}$/.test(digits) ? `DE${digits}` : null;
}

export function checkGermanIban(input: string): Feedback {
  if (input.trim() === '') return NO_FEEDBACK;
  const iban = normalizeGermanIban(input);
  if (!iban) return invalid(IBAN_FORMAT_MESSAGE);
  return isValidIBAN(iban) ? VALID : invalid(IBAN_CHECKSUM_MESSAGE);
}

/**
 * BIC: 6 letters, 2 letters or digits, optionally 3 more. The observed product flags exactly
 * these as invalid; docs/architecture.md records that we validate correctly instead.
 */
export function checkBic(input: string): Feedback {
  if (input.trim() === '') return NO_FEEDBACK;
  return /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(input.trim().toUpperCase())
    ? VALID
    : invalid(BIC_MESSAGE);
}

/**
 * The IBAN of an old German account number and bank code (standard rule of the Bundesbank:
 * DE, check digits, the 8-digit bank code and the account number filled to 10 digits).
 * Answers null when either part is not of that form.
 */
export function deriveGermanIban(kontonummer: string, blz: string): string | null {
  // Stryker disable next-line Regex: one blank or a run of them, every blank is removed either way
  const account = kontonummer.replace(/\s+/g, '');
  // Stryker disable next-line Regex: as above
  const bankCode = blz.replace(/\s+/g, '');
  // A looser test of one part alone still answers null: composeIBAN refuses any BBAN but 18
  // digits, and one part of the wrong length or with a letter leaves no 18 digits.
  // Stryker disable next-line LogicalOperator,Regex: equivalent, see above
  if (!/^\d{1,10}$/.test(account) || !/^\d{8}$/.test(bankCode)) return null;
  return composeIBAN({ countryCode: 'DE', bban: `${bankCode}${account.padStart(10, '0')}` });
}

/** Bank code and account number inside a German IBAN (DE + 20 digits). */
export function splitGermanIban(iban: string): { blz: string; kontonummer: string } {
  return { blz: iban.slice(4, 12), kontonummer: iban.slice(12).replace(/^0+(?=\d)/, '') };
}

/**
 * Validity of entered bank details, kinds 0 to 3 of spec §3: 0 valid; 1 neither an IBAN nor
 * the parts to derive one; 2 an IBAN can be derived from account number and bank code;
 * 3 an IBAN is present but not valid.
 */
export type BankValidity =
  | { kind: 0; iban: string }
  | { kind: 1 }
  | { kind: 2; ibanAbleitbar: true; valide: boolean; iban: string }
  | { kind: 3; nachricht: string };

export function bankValidity(input: {
  iban?: string | null | undefined;
  kontonummer?: string | null | undefined;
  blz?: string | null | undefined;
}): BankValidity {
  const typed = (input.iban ?? '').trim();
  if (typed !== '') {
    const feedback = checkGermanIban(typed);
    const iban = normalizeGermanIban(typed);
    return feedback.typ === 'valid' && iban
      ? { kind: 0, iban }
      : { kind: 3, nachricht: feedback.nachricht ?? IBAN_CHECKSUM_MESSAGE };
  }
  const derived =
    input.kontonummer && input.blz ? deriveGermanIban(input.kontonummer, input.blz) : null;
  if (!derived) return { kind: 1 };
  return { kind: 2, ibanAbleitbar: true, valide: isValidIBAN(derived), iban: derived };
}
