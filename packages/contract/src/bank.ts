import { z } from 'zod';
import { FeedbackSchema, IsoDateSchema } from './common';
import { checkGermanIban } from './bank-rules';

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
    .string()
    .trim()
    .min(ACCOUNT_HOLDER_MIN_LENGTH, 'Der Kontoinhaber muss mindestens 3 Zeichen lang sein.')
    .max(100),
  iban: z
    .string()
    .refine((value) => checkGermanIban(value).typ === 'valid', 'Die IBAN ist ungültig.'),
  gueltigVon: IsoDateSchema,
  lastschrifteinzugErlaubt: z.boolean().default(true),
});
export type CreateBankDetailsInput = z.input<typeof CreateBankDetailsInputSchema>;

export const IbanCheckResultSchema = z.object({
  valide: z.boolean(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  bankname: z.string().nullable(),
  kontonummer: z.string().nullable(),
  blz: z.string().nullable(),
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
