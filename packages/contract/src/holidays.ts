import { z } from './zod-german';
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
export const HolidaySchema = z.looseObject({
  date: IsoDateSchema,
  fname: z.string(),
  comment: z.string().nullish(),
});
export type HolidayEntry = z.infer<typeof HolidaySchema>;
/** The entries our server sends: one flag per German state. */
export type Holiday = HolidayEntry & { comment: string } & Record<
    (typeof GermanStates)[number],
    '0' | '1'
  >;

export const HolidayAnswerSchema = z.object({ feiertage: z.array(HolidaySchema) });

/** A day counts as a holiday when any state flag is "1" (spec §7.4). */
export function isHolidayEntry(entry: Record<string, unknown>): boolean {
  return Object.entries(entry).some(
    ([key, value]) => !['date', 'fname', 'comment'].includes(key) && value === '1',
  );
}
