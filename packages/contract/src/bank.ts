import { z } from './zod-german';
import { FeedbackSchema, IsoDateSchema, validFromSchema } from './common';
import { checkGermanIban, IBAN_CHECKSUM_MESSAGE, IBAN_FORMAT_MESSAGE } from './bank-rules';

export const ACCOUNT_HOLDER_MIN_LENGTH = 3;

export const BankDetailsSchema = z.object({
  bankverbindungId: z.number().int(),
  kontoinhaber: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  bankname: z.string().nullable(),
  blz: z.string().nullable(),
  kontonummer: z.string().nullable(),
  gueltigVon: IsoDateSchema,
  gueltigBis: IsoDateSchema.nullable(),
  lastschrifteinzugErlaubt: z.boolean(),
  mandatsreferenz: z.string().nullable(),
  vertragId: z.number().int().nullable(),
});
export type BankDetails = z.infer<typeof BankDetailsSchema>;

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
export const CreateBankDetailsInputSchema = bankDetailsInputSchema();
/**
 * The SEPA core direct-debit mandate (the EPC's German wording) beside the permission, naming
 * the creditor as the variant's configuration does: its company name and Gläubiger-ID.
 */
export const sepaMandateText = (creditor: { name: string; glaeubigerId: string }) =>
  `Ich ermächtige den Zahlungsempfänger ${creditor.name} (Gläubiger-Identifikationsnummer ${creditor.glaeubigerId}), Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die vom Zahlungsempfänger ${creditor.name} auf mein Konto gezogenen Lastschriften einzulösen. Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.`;
export type CreateBankDetailsInput = z.input<typeof CreateBankDetailsInputSchema>;

/** The IBAN check's query (GET /bankverbindung/pruefe): an IBAN, or account number and bank code. */
export const IbanQuerySchema = z.object({
  iban: z.string().max(64).optional(),
  kontonummer: z.string().max(16).optional(),
  blz: z.string().max(16).optional(),
});

export const IbanCheckResultSchema = z.object({
  valide: z.boolean(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  bankname: z.string().nullable(),
  kontonummer: z.string().nullable(),
  blz: z.string().nullable(),
  /** Kind 0–3 of spec §3 (BankValidityKinds). */
  art: z.number().int().min(0).max(3),
  ibanAbleitbar: z.boolean(),
  feedback: FeedbackSchema,
});
export type IbanCheckResult = z.infer<typeof IbanCheckResultSchema>;

/** Validity kinds of entered bank details, numbered as the spec numbers them. */
export const BankValidityKinds = {
  VALID: 0,
  NO_IBAN: 1,
  IBAN_DERIVABLE: 2,
  IBAN_INVALID: 3,
} as const;
