import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { FeedbackTypes, type Feedback } from './feedback';
import { MAX_ID } from './ids';
import { ValidityMessages } from './messages';

/** A calendar day as the API carries it: YYYY-MM-DD, no time zone. */
export const IsoDateSchema = lazySchema(() => z.iso.date());
/**
 * A point in time with its offset, e.g. 2026-11-22T10:00:00.000Z or 2026-11-22T11:00:00+01:00;
 * a day the calendar lacks (2026-02-30) is refused. The one rule for every answer and query that
 * carries a point in time; `error` is the field's own message where a query has one.
 */
export const isoDateTime = (error?: string) =>
  z.iso.datetime({ offset: true, ...(error !== undefined && { error }) });
export const IsoDateTimeSchema = lazySchema(() => isoDateTime());

/**
 * Spec §5 and §9: "gültig ab" of new bank details and billing addresses is tomorrow or later,
 * `tomorrow` being the German day after today by the caller's clock. Without it (a route's
 * schema, built once) only the form of the day is checked; the service parses again with it.
 */
export function validFromSchema(tomorrow?: string) {
  const day = z.iso.date({ error: ValidityMessages.validFromRequired });
  return tomorrow === undefined
    ? day
    : day.refine((value) => value >= tomorrow, { error: ValidityMessages.validFromTooEarly });
}

/** von and bis of a read over calendar days (readings, consumption periods), each optional. */
export const DateRangeQuerySchema = lazySchema(() =>
  z.object({
    von: IsoDateSchema.optional(),
    bis: IsoDateSchema.optional(),
  }),
);

export const TimeWindowQueryMessages = {
  von: 'Bitte geben Sie den Beginn (von) als Zeitpunkt im ISO-Format an, z. B. 2026-11-01T00:00:00+01:00.',
  bis: 'Bitte geben Sie das Ende (bis) als Zeitpunkt im ISO-Format an, z. B. 2026-11-02T00:00:00+01:00.',
} as const;

const instant = (error: string) => isoDateTime(error).transform((value) => new Date(value));

/**
 * von and bis of a read over points in time (history, price series), read as Dates; each
 * optional, as the server has a window of its own. Order and length are the server's checks.
 */
export const TimeWindowQuerySchema = lazySchema(() =>
  z.object({
    von: instant(TimeWindowQueryMessages.von).optional(),
    bis: instant(TimeWindowQueryMessages.bis).optional(),
  }),
);
export type TimeWindowQuery = z.output<typeof TimeWindowQuerySchema>;

/** A label for each value of an enumeration, in the order the screens list them. */
export type Labels<T extends string> = Readonly<Record<T, string>>;

/** The result of one validation rule, shown under its field. */
export const FeedbackSchema = lazySchema(
  () =>
    z.object({
      typ: z.enum(FeedbackTypes),
      nachricht: z.string().optional(),
    }) satisfies z.ZodType<Feedback>,
);

/** Every error answer of our server: a German message, and per field where a form can show it. */
export const ApiErrorSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    felder: z.record(z.string(), z.string()).optional(),
  }),
);
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** An answer that is only a German message (password reset, mail links). */
export const MessageAnswerSchema = lazySchema(() => z.object({ nachricht: z.string() }));

/** GET /health, for load balancers: whether the database answers. */
export const HealthAnswerSchema = lazySchema(() =>
  z.object({ status: z.enum(['ok', 'unavailable']) }),
);

/** A 204's answer: nothing. A mutation that expects none parses with this like any other. */
export const NoContentSchema = lazySchema(() => z.undefined());

export const IdSchema = lazySchema(() => z.coerce.number().int().positive().max(MAX_ID));

export const ContractIdParamsSchema = lazySchema(() => z.object({ id: IdSchema }));
