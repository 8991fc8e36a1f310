import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { berlinDayOf } from './berlin-time';
import { IsoDateSchema } from './common';

/** The German states as the third-party holiday service names its flags. */
export const GermanStates = [
  'bw',
  'by',
  'be',
  'bb',
  'hb',
  'hh',
  'he',
  'mv',
  'ni',
  'nw',
  'rp',
  'sl',
  'sn',
  'st',
  'sh',
  'th',
] as const;

/**
 * An entry of the holiday service. Loose: a third party's other flags (a city, a confession)
 * count too, so none may be stripped; values may be null.
 */
export const HolidaySchema = lazySchema(() =>
  z.looseObject({
    date: IsoDateSchema,
    fname: z.string(),
    comment: z.string().nullish(),
  }),
);
type HolidayEntry = z.infer<typeof HolidaySchema>;
/** The entries our server sends: one flag per German state. */
export type Holiday = HolidayEntry & { comment: string } & Record<
    (typeof GermanStates)[number],
    '0' | '1'
  >;

export const HolidayAnswerSchema = lazySchema(() =>
  z.object({ feiertage: z.array(HolidaySchema) }),
);

/** A day counts as a holiday when any state flag is "1" (spec §7.4). */
export function isHolidayEntry(entry: Record<string, unknown>): boolean {
  return Object.entries(entry).some(
    ([key, value]) => !['date', 'fname', 'comment'].includes(key) && value === '1',
  );
}

/**
 * The years a date picker near today needs (spec §7.4: this year, in December the next too),
 * with a year of room either side: each other year would be computed on the event loop for
 * anybody who asks, unauthenticated.
 */
const holidayYearsAround = (now: Date) => {
  const year = Number(berlinDayOf(now).slice(0, 4));
  return { first: year - 1, last: year + 2 };
};

const yearsMessage = (now: Date) => {
  const { first, last } = holidayYearsAround(now);
  return `Bitte geben Sie Jahre von ${first} bis ${last} an, z. B. years=${first + 1},${first + 2}.`;
};

/** GET /feiertage: up to four years near today, `years=2026,2027`. */
export const holidayQuerySchema = (now: () => Date) =>
  z.object({
    years: z
      .string()
      .regex(/^\d{4}(,\d{4}){0,3}$/, { error: () => yearsMessage(now()) })
      .transform((value) => value.split(',').map(Number))
      .refine(
        (years) => {
          const { first, last } = holidayYearsAround(now());
          return years.every((year) => year >= first && year <= last);
        },
        { error: () => yearsMessage(now()) },
      ),
  });
