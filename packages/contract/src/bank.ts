import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { FeedbackSchema, IsoDateSchema } from './common';

/**
 * Bank details as the calls answer them. The input's rules are in bank-input.ts: a page that
 * only shows bank details loads no IBAN check (ibantools) with them.
 */
export const BankDetailsSchema = lazySchema(() =>
  z.object({
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
  }),
);
export type BankDetails = z.infer<typeof BankDetailsSchema>;

/** The IBAN check's query (GET /bankverbindung/pruefe): an IBAN, or account number and bank code. */
export const IbanQuerySchema = lazySchema(() =>
  z.object({
    iban: z.string().max(64).optional(),
    kontonummer: z.string().max(16).optional(),
    blz: z.string().max(16).optional(),
  }),
);

export const IbanCheckResultSchema = lazySchema(() =>
  z.object({
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
  }),
);
export type IbanCheckResult = z.infer<typeof IbanCheckResultSchema>;
