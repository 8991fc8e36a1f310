import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { ApiErrorSchema, IsoDateSchema, type Labels } from './common';
import { formatDate } from './format';

const ChannelSchema = lazySchema(() =>
  z.object({
    obiskennzahl: z.string(),
    vorkommastellen: z.number().int().min(1),
    nachkommastellen: z.number().int().min(0),
  }),
);
export type Channel = z.infer<typeof ChannelSchema>;

export const MeterSchema = lazySchema(() =>
  z.object({
    nummer: z.string(),
    kanaele: z.array(ChannelSchema),
    /** The meter's latest reading, shown beside the form's fields (a supplier's backend may not say). */
    letzteAblesung: z
      .object({ ablesedatum: IsoDateSchema, ablesewerte: z.record(z.string(), z.number()) })
      .nullable()
      .optional(),
  }),
);
export type Meter = z.infer<typeof MeterSchema>;

export const ReadingSources = ['NETZBETREIBER', 'ERSATZWERT', 'KUNDE'] as const;
export type ReadingSource = (typeof ReadingSources)[number];
export const READING_SOURCE_LABELS: Labels<ReadingSource> = {
  NETZBETREIBER: 'Netzbetreiber',
  ERSATZWERT: 'Ersatzwert',
  KUNDE: 'Kunde',
};

/** Photos: PNG or JPEG, at most 10 MB decoded (docs/architecture.md). */
export const PHOTO_MAX_BYTES = 10_000_000;
/**
 * A 48-megapixel phone camera's photo fits; a few kB of PNG claiming more would take gigabytes
 * to decode (a decompression bomb). The web sends at most 2048 pixels on the longest edge.
 */
export const PHOTO_MAX_PIXELS = 50_000_000;
export const PHOTO_TOO_LARGE_MESSAGE = `Das Foto darf höchstens ${PHOTO_MAX_BYTES / 1_000_000} MB groß sein.`;
export const PHOTO_TOO_MANY_PIXELS_MESSAGE = `Das Foto darf höchstens ${PHOTO_MAX_PIXELS / 1_000_000} Megapixel haben.`;
const NEGATIVE_READING_MESSAGE = 'Der Zählerstand darf nicht negativ sein.';

const BASE64_ALPHABET = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Padded base64 in one pass over the text. zod's own check makes three (a whitespace search, its
 * alphabet and a trial decode), each over megabytes on the event loop every customer shares.
 */
const isBase64 = (text: string) => text.length % 4 === 0 && BASE64_ALPHABET.test(text);

export const CreateReadingInputSchema = lazySchema(() =>
  z.object({
    ablesedatum: IsoDateSchema,
    zaehlernummer: z.string().min(1),
    ablesewerte: z.record(
      z.string(),
      z
        .number({ error: 'Bitte geben Sie den Zählerstand als Zahl an.' })
        .nonnegative({ error: NEGATIVE_READING_MESSAGE }),
    ),
    foto: z
      .string()
      .max(Math.ceil(PHOTO_MAX_BYTES / 3) * 4, { error: PHOTO_TOO_LARGE_MESSAGE })
      .refine(isBase64, { error: 'Das Foto muss als Base64-Text übertragen werden.' })
      .optional(),
  }),
);
export type CreateReadingInput = z.infer<typeof CreateReadingInputSchema>;

/**
 * A key the device makes once per reading (a UUID), so sending it again (a waiting reading
 * after the connection came back) never stores it twice.
 */
export const ReadingHeadersSchema = lazySchema(() =>
  z.object({
    'idempotency-key': z
      .string()
      .regex(/^[\x21-\x7e]{1,100}$/, {
        error:
          'Der Idempotency-Key muss aus 1 bis 100 sichtbaren Zeichen ohne Leerzeichen bestehen, am besten eine UUID.',
      })
      .optional()
      .meta({
        description:
          'Eine vom Gerät je Ablesung einmal erzeugte UUID. Eine Wiederholung mit demselben Schlüssel erhält die erste Antwort, ohne zweite Ablesung; derselbe Schlüssel für eine andere Ablesung wird mit 422 abgelehnt. Schlüssel gelten je Kunde und werden nach 7 Tagen vergessen.',
      }),
  }),
);

export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'Dieser Idempotency-Key wurde bereits für eine andere Ablesung verwendet. Bitte senden Sie die Ablesung mit einem neuen Schlüssel.';

const ReadingValueSchema = lazySchema(() =>
  z.object({
    obiskennzahl: z.string(),
    ablesewert: z.number(),
    nachkommastellen: z.number().int(),
  }),
);

export const ReadingSchema = lazySchema(() =>
  z.object({
    ablesedatum: IsoDateSchema,
    zaehlernummer: z.string(),
    ablesewerte: z.record(z.string(), ReadingValueSchema),
    ablesegrund: z.string().nullable(),
    erfassungshinweis: z.string().nullable(),
    ermittlungsart: z.enum(ReadingSources),
    ableseart: z.string().nullable(),
    /** A photo was handed over with it (this portal's server; a supplier's backend may not say). */
    foto: z.boolean().optional(),
  }),
);
export type Reading = z.infer<typeof ReadingSchema>;

/** GET /vertrag/{id}/ablesungen/foto: a reading is one meter's on one day. */
export const ReadingPhotoQuerySchema = lazySchema(() =>
  z.object({
    zaehlernummer: z.string().min(1).max(64),
    ablesedatum: IsoDateSchema,
  }),
);
export type ReadingPhotoQuery = z.infer<typeof ReadingPhotoQuerySchema>;
export const READING_PHOTO_NOT_FOUND_MESSAGE = 'Zu dieser Ablesung ist kein Foto gespeichert.';

/** A reading the server refuses: the web shows hinweis. */
const ReadingRejectionSchema = lazySchema(() => z.object({ hinweis: z.string() }));
/** A refused reading's answer: the error with its hinweis; a malformed one has none. */
export const ReadingErrorSchema = lazySchema(() =>
  ApiErrorSchema.extend(ReadingRejectionSchema.partial().shape),
);

/**
 * Spec §8 reads "entgegen genommen" and says the reading may take a while to show, while this
 * portal lists it at once below the message: the text says what happened (docs/architecture.md,
 * deviations).
 */
export const READING_ACCEPTED_MESSAGE =
  'Vielen Dank, wir haben Ihren Zählerstand erhalten. Sie finden ihn unten in der Liste Ihrer Ablesungen.';
export const READING_FAILED_MESSAGE =
  'Bei der übertragung der Ablesung ist ein Unbekannter Fehler aufgetreten.';

export const METER_NOT_FOUND_MESSAGE = 'Für diesen Vertrag ist kein Zähler hinterlegt.';
/** Spec §8.3. */
export const NO_CONTRACTS_FOR_METERS_MESSAGE =
  'Es liegen keine Verträge vor, zu denen Zähler ermittelt werden können';
export const METER_LOAD_FAILED_MESSAGE =
  'Beim Laden des Zählers ist ein unbekannter Fehler aufgetreten.';
export const NO_READINGS_MESSAGE = 'Es wurden keine Ablesungen gefunden.';
/** Spec §5. */
export const PHOTO_READ_ERROR_MESSAGE = 'Beim Lesen der Datei ist ein Fehler aufgetreten.';

// The server's refusals of a reading (spec §7.3): German sentences naming what is wrong.
export const WRONG_METER_MESSAGE =
  'Der angegebene Zähler ist nicht der aktuelle Zähler dieses Vertrags.';
export const unknownChannelMessage = (obiskennzahl: string) =>
  `Der Zähler hat kein Zählwerk mit der Kennzahl ${obiskennzahl}.`;
export const missingChannelMessage = (obiskennzahl: string) =>
  `Bitte geben Sie den Zählerstand für ${obiskennzahl} an.`;
export const FUTURE_READING_DATE_MESSAGE = 'Das Ablesedatum darf nicht in der Zukunft liegen.';
export const readingBeforeDeliveryMessage = (lieferbeginn: string) =>
  `Das Ablesedatum darf nicht vor dem Lieferbeginn am ${formatDate(lieferbeginn)} liegen.`;
export const readingAfterDeliveryMessage = (lieferende: string) =>
  `Das Ablesedatum darf nicht nach dem Lieferende am ${formatDate(lieferende)} liegen.`;
/** An ended contract's reading page, which offers no form. */
export const contractEndedReadingMessage = (contractId: number, lieferende: string) =>
  `Der Vertrag ${contractId} ist beendet: die Belieferung endete am ${formatDate(lieferende)}. Für ihn können Sie keinen Zählerstand mehr erfassen.`;
export const NO_DELIVERY_YET_MESSAGE =
  'Für diesen Vertrag hat die Belieferung noch nicht begonnen; eine Ablesung ist noch nicht möglich.';
export const PHOTO_TYPE_MESSAGE = 'Das Foto muss ein Bild im Format PNG oder JPEG sein.';
export const PHOTO_INCOMPLETE_MESSAGE =
  'Das Foto ist unvollständig oder beschädigt. Bitte wählen Sie ein vollständiges Bild im Format PNG oder JPEG.';
export const duplicateReadingMessage = (zaehlernummer: string, ablesedatum: string) =>
  `Für den Zähler ${zaehlernummer} liegt zum ${formatDate(ablesedatum)} bereits eine Ablesung vor.`;

export type PhotoType = 'image/png' | 'image/jpeg';

/** PNG or JPEG by the file's first bytes (its magic number), never by its name. */
export function photoTypeOf(bytes: Uint8Array): PhotoType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  // a byte past the end is undefined and matches nothing, so a short file is no PNG or JPEG
  if (png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** Zeros as the placeholder of a channel's input: "000000,0" for 6 and 1 digits. */
export const readingPlaceholder = (kanal: Channel): string =>
  '0'.repeat(kanal.vorkommastellen) +
  (kanal.nachkommastellen > 0 ? `,${'0'.repeat(kanal.nachkommastellen)}` : '');

/** The proposed reading as query parameters of the plausibility check: one per channel. */
const PLAUSIBILITY_VALUE_PREFIX = 'ablesewerte.';

export function plausibilityQuery(input: {
  ablesedatum: string;
  zaehlernummer: string;
  ablesewerte: Readonly<Record<string, number>>;
}): Record<string, string> {
  const query: Record<string, string> = {
    ablesedatum: input.ablesedatum,
    zaehlernummer: input.zaehlernummer,
  };
  for (const [obiskennzahl, wert] of Object.entries(input.ablesewerte))
    query[`${PLAUSIBILITY_VALUE_PREFIX}${obiskennzahl}`] = String(wert);
  return query;
}

/**
 * GET /vertrag/{id}/ablesungen/plausibilisiere as the server reads it: ablesedatum,
 * zaehlernummer and one `ablesewerte.<Kennzahl>` parameter per channel (what plausibilityQuery
 * writes).
 */
export const PlausibilityQuerySchema = lazySchema(() =>
  z
    .looseObject({ ablesedatum: IsoDateSchema, zaehlernummer: z.string().min(1) })
    .transform((query, context) => {
      const ablesewerte: Record<string, number> = {};
      for (const [key, value] of Object.entries(query)) {
        if (!key.startsWith(PLAUSIBILITY_VALUE_PREFIX)) continue;
        const wert = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
        if (!Number.isFinite(wert)) {
          context.addIssue({
            code: 'custom',
            path: ['ablesewerte'],
            message: 'Bitte geben Sie den Zählerstand als Zahl an.',
          });
          return z.NEVER;
        }
        ablesewerte[key.slice(PLAUSIBILITY_VALUE_PREFIX.length)] = wert;
      }
      return { ablesedatum: query.ablesedatum, zaehlernummer: query.zaehlernummer, ablesewerte };
    }),
);

const PlausibilityHintSchema = lazySchema(() =>
  z.object({ obiskennzahl: z.string(), hinweis: z.string() }),
);
export const PlausibilitySchema = lazySchema(() =>
  z.object({
    plausibel: z.boolean(),
    hinweise: z.array(PlausibilityHintSchema),
  }),
);
export type Plausibility = z.infer<typeof PlausibilitySchema>;
