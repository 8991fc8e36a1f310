import { z } from 'zod';
import { IsoDateSchema, type Labels } from './common';

export const ChannelSchema = z.object({
  obiskennzahl: z.string(),
  vorkommastellen: z.number().int().min(1),
  nachkommastellen: z.number().int().min(0),
});
export type Channel = z.infer<typeof ChannelSchema>;

export const MeterSchema = z.object({
  nummer: z.string(),
  kanaele: z.array(ChannelSchema),
});
export type Meter = z.infer<typeof MeterSchema>;

export const ReadingSources = ['NETZBETREIBER', 'ERSATZWERT', 'KUNDE'] as const;
export type ReadingSource = (typeof ReadingSources)[number];
export const READING_SOURCE_LABELS: Labels<ReadingSource> = {
  NETZBETREIBER: 'Netzbetreiber',
  ERSATZWERT: 'Ersatzwert',
  KUNDE: 'Kunde',
};

/** Photos: PNG or JPEG, at most 10 MB decoded (DESIGN.md). */
export const PHOTO_MAX_BYTES = 10_000_000;

export const CreateReadingInputSchema = z.object({
  ablesedatum: IsoDateSchema,
  zaehlernummer: z.string().min(1),
  ablesewerte: z.record(z.string(), z.number().nonnegative()),
  foto: z
    .base64()
    .max(Math.ceil(PHOTO_MAX_BYTES / 3) * 4)
    .optional(),
});
export type CreateReadingInput = z.infer<typeof CreateReadingInputSchema>;

export const ReadingValueSchema = z.object({
  obiskennzahl: z.string(),
  ablesewert: z.number(),
  nachkommastellen: z.number().int(),
});

export const ReadingSchema = z.object({
  ablesedatum: IsoDateSchema,
  zaehlernummer: z.string(),
  ablesewerte: z.record(z.string(), ReadingValueSchema),
  ablesegrund: z.string().nullable(),
  erfassungshinweis: z.string().nullable(),
  ermittlungsart: z.enum(ReadingSources),
  ableseart: z.string().nullable(),
});
export type Reading = z.infer<typeof ReadingSchema>;

/** A reading the server refuses: the web shows hinweis. */
export const ReadingRejectionSchema = z.object({ hinweis: z.string() });

export const READING_ACCEPTED_MESSAGE =
  'Wir haben Ihre Ablesung erfolgreich entgegen genommen und werden diese jetzt prüfen und verarbeiten. Bitte beachten Sie, dass es daher einen Moment dauern kann, bis Sie diesen Zählerstand hier im Kundenportal in der Auflistung sehen können.';
export const READING_FAILED_MESSAGE =
  'Bei der übertragung der Ablesung ist ein Unbekannter Fehler aufgetreten.';
