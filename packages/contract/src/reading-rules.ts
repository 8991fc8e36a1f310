import { z } from './zod-german';
import {
  CreateReadingInputSchema,
  FUTURE_READING_DATE_MESSAGE,
  NO_DELIVERY_YET_MESSAGE,
  readingAfterDeliveryMessage,
  readingBeforeDeliveryMessage,
  type Channel,
  type Meter,
} from './readings';

/**
 * The rules of a meter reading (spec §5, §7.3) as the contract's schemas: the reading form's
 * resolver and the server's check of the same call.
 */

export const readingValueMessage = (vorkommastellen: number, nachkommastellen: number): string =>
  `Die Ablesung darf höchstens ${vorkommastellen} Vorkommastellen und darf maximal ${nachkommastellen} Nachkommastelle(n) haben.`;
export const READING_VALUE_REQUIRED_MESSAGE = 'Bitte geben Sie den Zählerstand an.';
export const READING_DECIMAL_POINT_MESSAGE =
  'Bitte geben Sie den Zählerstand ohne Punkt an: ohne Tausenderpunkte und mit Komma vor den Nachkommastellen.';
export const METER_REQUIRED_MESSAGE = 'Bitte wählen Sie einen Zähler.';
export const READING_DATE_REQUIRED_MESSAGE = 'Bitte wählen Sie das Ablesedatum.';

/**
 * Spec §5: one channel's value as the customer types it, 1 to vorkommastellen digits,
 * optionally a comma and 1 to nachkommastellen decimals; answered as the number. A point is
 * refused, never read: "5.300" printed on a German meter is five thousand three hundred, and
 * neither 5,3 nor a guess.
 */
export function readingValueSchema(kanal: Channel) {
  const decimals = kanal.nachkommastellen > 0 ? `(?:,\\d{1,${kanal.nachkommastellen}})?` : '';
  const pattern = new RegExp(`^\\d{1,${kanal.vorkommastellen}}${decimals}$`);
  return z
    .string()
    .trim()
    .superRefine((text, context) => {
      const message =
        text === ''
          ? READING_VALUE_REQUIRED_MESSAGE
          : text.includes('.')
            ? READING_DECIMAL_POINT_MESSAGE
            : pattern.test(text)
              ? undefined
              : readingValueMessage(kanal.vorkommastellen, kanal.nachkommastellen);
      if (message) context.addIssue({ code: 'custom', message });
    })
    .transform((text) => Number(text.replace(',', '.')));
}

/**
 * The same rule on a number the API received (it carries no separator of its own): written
 * with the comma, as the customer would have typed it. Answers the message, or undefined.
 */
export function readingNumberProblem(wert: number, kanal: Channel): string | undefined {
  const parsed = readingValueSchema(kanal).safeParse(String(wert).replace('.', ','));
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The days a reading may have: today at most, within the contract's delivery. */
export interface ReadingDays {
  /** The German calendar day of the caller's clock, YYYY-MM-DD. */
  today: string;
  lieferbeginn: string | null;
  lieferende: string | null;
}

/** The date picker's bounds (spec §5: the maximum is today), within the delivery. */
export function readingDateBounds(days: ReadingDays): { min: string | undefined; max: string } {
  const max = days.lieferende && days.lieferende < days.today ? days.lieferende : days.today;
  return { min: days.lieferbeginn ?? undefined, max };
}

/** Spec §5 and §7.3: the message for a reading date out of bounds, or undefined. */
export function readingDateProblem(day: string, days: ReadingDays): string | undefined {
  if (day > days.today) return FUTURE_READING_DATE_MESSAGE;
  if (!days.lieferbeginn) return NO_DELIVERY_YET_MESSAGE;
  if (day < days.lieferbeginn) return readingBeforeDeliveryMessage(days.lieferbeginn);
  if (days.lieferende && day > days.lieferende) return readingAfterDeliveryMessage(days.lieferende);
  return undefined;
}

/** The meter a reading is for, with the delivery days of its contract. */
export interface ReadingTarget {
  meter: Meter;
  lieferbeginn: string | null;
  lieferende: string | null;
}

/**
 * The reading form's schema (spec §5) on the day `today`: the typed values, one per channel of
 * the chosen meter in its order, become the numbers of CreateReadingInputSchema, the schema the
 * server parses the call with, through which the result is piped. Without a meter it asks for one.
 */
export function readingFormSchema(today: string, target: ReadingTarget | undefined) {
  const kanaele = target?.meter.kanaele ?? [];
  const dateProblem = (day: string) =>
    target
      ? readingDateProblem(day, { today, ...target })
      : day > today
        ? FUTURE_READING_DATE_MESSAGE
        : undefined;
  return z
    .object({
      zaehlernummer: z.string().min(1, { error: METER_REQUIRED_MESSAGE }),
      ablesedatum: z.string().superRefine((day, context) => {
        const message = day === '' ? READING_DATE_REQUIRED_MESSAGE : dateProblem(day);
        if (message) context.addIssue({ code: 'custom', message });
      }),
      ablesewerte: z.array(z.string()).transform((texts, context) => {
        const werte: Record<string, number> = {};
        kanaele.forEach((kanal, index) => {
          const parsed = readingValueSchema(kanal).safeParse(texts[index] ?? '');
          if (parsed.success) werte[kanal.obiskennzahl] = parsed.data;
          else
            for (const issue of parsed.error.issues)
              context.addIssue({ code: 'custom', path: [index], message: issue.message });
        });
        return werte;
      }),
      foto: CreateReadingInputSchema.shape.foto,
    })
    .transform(({ foto, ...reading }) => ({ ...reading, ...(foto !== undefined && { foto }) }))
    .pipe(CreateReadingInputSchema);
}
export type ReadingFormValues = z.input<ReturnType<typeof readingFormSchema>>;
