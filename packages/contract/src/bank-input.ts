import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { validFromSchema } from './common';
import { checkGermanIban, IBAN_CHECKSUM_MESSAGE, IBAN_FORMAT_MESSAGE } from './bank-rules';

const ACCOUNT_HOLDER_MIN_LENGTH = 3;

export const ACCOUNT_HOLDER_REQUIRED_MESSAGE = 'Bitte geben Sie den Kontoinhaber an.';
export const IBAN_REQUIRED_MESSAGE = 'Bitte geben Sie die IBAN an.';
export const ACCOUNT_HOLDER_LENGTH_MESSAGE = `Der Kontoinhaber muss mindestens ${ACCOUNT_HOLDER_MIN_LENGTH} Zeichen lang sein.`;

/**
 * Spec §5, bank details: the call's body and the form's values. With `tomorrow` (the form, and
 * the server's service by its clock) "gültig ab" must be tomorrow or later.
 */
export const bankDetailsInputSchema = (tomorrow?: string) =>
  z.object({
    kontoinhaber: z
      .string({ error: ACCOUNT_HOLDER_REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: ACCOUNT_HOLDER_REQUIRED_MESSAGE })
      .min(ACCOUNT_HOLDER_MIN_LENGTH, { error: ACCOUNT_HOLDER_LENGTH_MESSAGE })
      .max(100),
    iban: z
      .string({ error: IBAN_FORMAT_MESSAGE })
      .min(1, { error: IBAN_REQUIRED_MESSAGE })
      .refine((value) => checkGermanIban(value).typ === 'valid', {
        error: (issue) => checkGermanIban(String(issue.input)).nachricht ?? IBAN_CHECKSUM_MESSAGE,
      }),
    gueltigVon: validFromSchema(tomorrow),
    lastschrifteinzugErlaubt: z.boolean().default(true),
  });
/** The form's fields with their labels: what a disabled "Speichern" names. */
export const BANK_DETAILS_LABELS = {
  kontoinhaber: 'Kontoinhaber',
  iban: 'IBAN',
  gueltigVon: 'Gültig ab',
} as const;
/** The route's schema; the service parses again with bankDetailsInputSchema(tomorrow). */
export const CreateBankDetailsInputSchema = lazySchema(() => bankDetailsInputSchema());
/**
 * The SEPA core direct-debit mandate (the EPC's German wording) beside the permission, naming
 * the creditor as the variant's configuration does: its company name and Gläubiger-ID.
 */
export const sepaMandateText = (creditor: { name: string; glaeubigerId: string }) =>
  `Ich ermächtige den Zahlungsempfänger ${creditor.name} (Gläubiger-Identifikationsnummer ${creditor.glaeubigerId}), Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die vom Zahlungsempfänger ${creditor.name} auf mein Konto gezogenen Lastschriften einzulösen. Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.`;
export type CreateBankDetailsInput = z.input<typeof CreateBankDetailsInputSchema>;
