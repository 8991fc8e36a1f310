import { z } from 'zod';
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

export const HolidaySchema = z.object({
  date: IsoDateSchema,
  fname: z.string(),
  comment: z.string(),
  ...Object.fromEntries(GermanStates.map((state) => [state, z.enum(['0', '1'])])),
});
export type Holiday = z.infer<typeof HolidaySchema> &
  Record<(typeof GermanStates)[number], '0' | '1'>;

export const HolidayAnswerSchema = z.object({ feiertage: z.array(HolidaySchema) });

/** A day counts as a holiday when any state flag is "1" (spec §7.4). */
export function isHolidayEntry(entry: Record<string, string>): boolean {
  return Object.entries(entry).some(
    ([key, value]) => !['date', 'fname', 'comment'].includes(key) && value === '1',
  );
}
