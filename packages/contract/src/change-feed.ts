import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { BillingAddressSchema } from './addresses';
import { BankDetailsSchema } from './bank';
import { IsoDateSchema, IsoDateTimeSchema } from './common';
import { ContactSubjects } from './contact';
import { CancellationReasons } from './contracts';

/**
 * The change feed of the operator interface: what customers did in the portal, as
 * data for the supplier's billing system. One entry per change, written in the change's
 * transaction; read in pages by an opaque cursor (docs/operator-api.md).
 */

/** What happened to a validity row (billing address, bank details). */
const ValidityChangeActions = ['ANGELEGT', 'BEENDET', 'GELOESCHT'] as const;
export type ValidityChangeAction = (typeof ValidityChangeActions)[number];

const ContactValuesSchema = lazySchema(() =>
  z.object({
    festnetz: z.string().nullable(),
    mobil: z.string().nullable(),
    fax: z.string().nullable(),
  }),
);

/**
 * The row before the changed one whose last day changed with it: ended the day before a new
 * row begins (ANGELEGT), or valid again as before when its successor is deleted (GELOESCHT).
 */
const PreviousRowSchema = lazySchema(() =>
  z.object({ id: z.number().int(), gueltigBis: IsoDateSchema.nullable() }).nullable(),
);

const validityData = <T extends z.ZodType>(row: T) =>
  z.object({
    aktion: z.enum(ValidityChangeActions),
    datensatz: row,
    vorheriger: PreviousRowSchema,
  });

/** Each type's data: `typ` and `daten` together, so that a consumer's switch is typed. */
export const ChangeFeedDataSchema = lazySchema(() =>
  z.discriminatedUnion('typ', [
    z.looseObject({
      typ: z.literal('ABLESUNG'),
      daten: z.object({
        ablesungId: z.number().int(),
        zaehlernummer: z.string(),
        ablesedatum: IsoDateSchema,
        /** OBIS code → value as the customer entered it. */
        ablesewerte: z.record(z.string(), z.number()),
        ermittlungsart: z.literal('KUNDE'),
        /** The photo's type and size; GET /aenderungen/{id}/foto gives its bytes. */
        foto: z.object({ typ: z.string(), bytes: z.number().int() }).nullable(),
      }),
    }),
    z.looseObject({
      typ: z.literal('KONTAKTDATEN'),
      daten: z.object({
        alt: ContactValuesSchema,
        neu: ContactValuesSchema,
        /** A new e-mail address waits for its confirmation (EMAIL_ADRESSE once confirmed). */
        neueEmailAngefragt: z.boolean(),
      }),
    }),
    z.looseObject({
      typ: z.literal('EMAIL_ADRESSE'),
      daten: z.object({
        /** BESTAETIGT: the new address confirmed itself; ENTFERNT: the customer took it away;
         * WIDERRUFEN: the old address's link undid a change. */
        anlass: z.enum(['BESTAETIGT', 'ENTFERNT', 'WIDERRUFEN']),
        alt: z.string().nullable(),
        neu: z.string().nullable(),
      }),
    }),
    z.looseObject({
      typ: z.literal('RECHNUNGSADRESSE'),
      daten: validityData(BillingAddressSchema),
    }),
    z.looseObject({ typ: z.literal('BANKVERBINDUNG'), daten: validityData(BankDetailsSchema) }),
    z.looseObject({
      typ: z.literal('KONTAKTANFRAGE'),
      daten: z.object({
        anfrageNr: z.number().int(),
        betreff: z.enum(ContactSubjects),
        text: z.string(),
      }),
    }),
    z.looseObject({
      typ: z.literal('KUENDIGUNG'),
      daten: z.object({
        grund: z.enum(CancellationReasons),
        /** The desired last day of supply. */
        lieferende: IsoDateSchema,
        text: z.string().nullable(),
      }),
    }),
    /** An event only: never a token, a password or its hash. */
    z.looseObject({ typ: z.literal('PASSWORT_ZURUECKGESETZT'), daten: z.object({}) }),
  ]),
);
export type ChangeFeedData = z.infer<typeof ChangeFeedDataSchema>;

const EntryKeysSchema = lazySchema(() =>
  z.looseObject({
    /** Stable across reads: a consumer may deduplicate by it. */
    id: z.string(),
    /** The customer's key (Geschaeftspartner). */
    kundennummer: z.string(),
    /** The contract's key (Vertrag), where the change concerns one. */
    vertragsnummer: z.number().int().nullable(),
    zeitpunkt: IsoDateTimeSchema,
  }),
);

// Loose at the top on both sides: as JSON Schema an intersection is an allOf, and two closed
// objects (additionalProperties: false) in an allOf refuse each other's keys.
const ChangeFeedEntrySchema = lazySchema(() =>
  z.intersection(EntryKeysSchema, ChangeFeedDataSchema),
);
export type ChangeFeedEntry = z.infer<typeof ChangeFeedEntrySchema>;

const CHANGE_FEED_DEFAULT_PAGE = 100;
const CHANGE_FEED_MAX_PAGE = 1000;

export const ChangeFeedMessages = {
  cursorInvalid:
    'Der Cursor ist ungültig. Bitte geben Sie einen Cursor an, den eine frühere Antwort genannt hat.',
  pageSize: `Die Anzahl muss eine ganze Zahl von 1 bis ${CHANGE_FEED_MAX_PAGE} sein.`,
  photoNotFound: 'Zu diesem Eintrag gibt es kein Foto.',
} as const;

/** `GET /aenderungen?nach=<cursor>&anzahl=<n>` */
export const ChangeFeedQuerySchema = lazySchema(() =>
  z.object({
    nach: z.string().max(200, { error: ChangeFeedMessages.cursorInvalid }).optional(),
    anzahl: z.coerce
      .number({ error: ChangeFeedMessages.pageSize })
      .int({ error: ChangeFeedMessages.pageSize })
      .min(1, { error: ChangeFeedMessages.pageSize })
      .max(CHANGE_FEED_MAX_PAGE, { error: ChangeFeedMessages.pageSize })
      .default(CHANGE_FEED_DEFAULT_PAGE),
  }),
);

export const ChangeFeedPageSchema = lazySchema(() =>
  z.object({
    eintraege: z.array(ChangeFeedEntrySchema),
    /** Pass it as `nach` for the entries after these; the same when there were none. */
    cursor: z.string(),
  }),
);
export type ChangeFeedPage = z.infer<typeof ChangeFeedPageSchema>;

export const ChangeFeedEntryParamsSchema = lazySchema(() =>
  z.object({
    id: z.string().regex(/^\d{1,19}$/, { error: 'Die Eintrags-ID ist ungültig.' }),
  }),
);
