import { z } from 'zod';

/** A calendar day as the API carries it: YYYY-MM-DD, no time zone. */
export const IsoDateSchema = z.iso.date();
/** A point in time with offset, e.g. 2026-11-22T10:00:00.000Z. */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });

/** A label for each value of an enumeration, in the order the screens list them. */
export type Labels<T extends string> = Readonly<Record<T, string>>;

export const FeedbackTypes = ['valid', 'invalid', 'undefined'] as const;
export const ValidationStatuses = ['valid', 'invalid', 'undefined', 'pending'] as const;
export type ValidationStatus = (typeof ValidationStatuses)[number];

/** The result of one validation rule, shown under its field. */
export const FeedbackSchema = z.object({
  typ: z.enum(FeedbackTypes),
  nachricht: z.string().optional(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

export const VALID: Feedback = { typ: 'valid' };
export const NO_FEEDBACK: Feedback = { typ: 'undefined' };
export const invalid = (nachricht: string): Feedback => ({ typ: 'invalid', nachricht });

/** Every error answer of our server: a German message, and per field where a form can show it. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  felder: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * Ids are PostgreSQL `integer` columns: a number past their range names nothing, and must not
 * reach a query, where it is an error rather than a miss.
 */
export const MAX_ID = 2_147_483_647;
export const IdSchema = z.coerce.number().int().positive().max(MAX_ID);

export const ContractIdParamsSchema = z.object({ id: IdSchema });
