import { z } from './zod-german';
import { FeedbackTypes, type Feedback } from './feedback';
import { MAX_ID } from './ids';

/** A calendar day as the API carries it: YYYY-MM-DD, no time zone. */
export const IsoDateSchema = z.iso.date();
/** A point in time with offset, e.g. 2026-11-22T10:00:00.000Z. */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });

/** von and bis of a read over calendar days (readings, consumption periods), each optional. */
export const DateRangeQuerySchema = z.object({
  von: IsoDateSchema.optional(),
  bis: IsoDateSchema.optional(),
});

/** A label for each value of an enumeration, in the order the screens list them. */
export type Labels<T extends string> = Readonly<Record<T, string>>;

/** The result of one validation rule, shown under its field. */
export const FeedbackSchema = z.object({
  typ: z.enum(FeedbackTypes),
  nachricht: z.string().optional(),
}) satisfies z.ZodType<Feedback>;

/** Every error answer of our server: a German message, and per field where a form can show it. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  felder: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const IdSchema = z.coerce.number().int().positive().max(MAX_ID);

export const ContractIdParamsSchema = z.object({ id: IdSchema });
