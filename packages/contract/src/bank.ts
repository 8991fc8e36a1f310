import { z } from './zod-german';
import { FeedbackSchema, IsoDateSchema } from './common';
import { checkGermanIban, IBAN_CHECKSUM_MESSAGE, IBAN_FORMAT_MESSAGE } from './bank-rules';
import { ValidityMessages } from './messages';

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

export const CreateBankDetailsInputSchema = z.object({
  kontoinhaber: z
    .string({ error: 'Bitte geben Sie den Kontoinhaber an.' })
    .trim()
    .min(ACCOUNT_HOLDER_MIN_LENGTH, 'Der Kontoinhaber muss mindestens 3 Zeichen lang sein.')
    .max(100),
  iban: z
    .string({ error: IBAN_FORMAT_MESSAGE })
    .refine((value) => checkGermanIban(value).typ === 'valid', {
      error: (issue) => checkGermanIban(String(issue.input)).nachricht ?? IBAN_CHECKSUM_MESSAGE,
    }),
  gueltigVon: z.iso.date({ error: ValidityMessages.validFromRequired }),
  lastschrifteinzugErlaubt: z.boolean().default(true),
});
/** SEPA mandate text shown beside the direct-debit permission. */
export const SEPA_MANDATE_TEXT =
  'Ich ermächtige den Lieferanten, Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die vom Lieferanten auf mein Konto gezogenen Lastschriften einzulösen. Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.';
export type CreateBankDetailsInput = z.input<typeof CreateBankDetailsInputSchema>;

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
