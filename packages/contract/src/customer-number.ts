/**
 * A variant's customer numbers: printed with its prefix ("KW-"), read without it. Zod-free, as
 * the login page uses it and loads no schema library.
 */
interface Prefixed {
  kundennummerPraefix: string;
}

/**
 * The customer number in what a customer typed: "KW-10001", copied from the invoice, is 10001
 * (the prefix in any case, with or without spaces around it); anything else is left as typed.
 */
export function kundennummerTyped(mandant: Prefixed, typed: string): string {
  const text = typed.trim();
  const prefix = mandant.kundennummerPraefix.trim();
  // no prefix: every text starts with '', and slicing it off leaves the text
  if (!text.toUpperCase().startsWith(prefix.toUpperCase())) return text;
  return text.slice(prefix.length).trim();
}

/** A customer number as the variant prints it on invoices ("KW-10001"). */
export const kundennummerText = (mandant: Prefixed, nummer: string) =>
  `${mandant.kundennummerPraefix}${nummer}`;

export const KUNDENNUMMER_FORMAT_MESSAGE = 'Die Kundennummer besteht nur aus Ziffern.';

/**
 * Whether a text (trimmed) is a customer number as the login takes it: only digits. The import
 * uses the same rule, so that no customer is stored who could never log in.
 */
export const isKundennummer = (text: string): boolean => /^\d{1,20}$/.test(text);
