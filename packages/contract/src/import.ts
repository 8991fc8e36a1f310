import { isKundennummer } from './customer-number';
import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { IsoDateSchema, isoDateTime } from './common';
import { MAX_ID } from './ids';
import { AnredeInputSchema, KundenArten, Zugangsstufen } from './customer';
import { Versorgungsarten } from './contracts';
import { PriceModels } from './tariffs';
import { ReadingSources } from './readings';
import { billingAddressFields, checkBillingAddress, requiredNameFields } from './address-input';
import { bankDetailsInputSchema } from './bank-input';
import { checkBic } from './bank-rules';

/**
 * The master data the supplier's billing system sends through the operator interface and the
 * CLI: one schema per kind, named after BO4E where BO4E has the thing. A record is
 * the whole state of its entity: a field it leaves out is stored as none. The keys are the
 * supplier's own (Kundennummer, Vertragsnummer, Zählernummer, its document and row keys).
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Höchstens ${max} Zeichen sind erlaubt.` })
    .nullish()
    .transform((value) => (value ? value : null));
const optionalDay = IsoDateSchema.nullish().transform((value) => value ?? null);
const price = z.number().min(0).max(10_000);
const optionalPrice = price.nullish().transform((value) => value ?? null);

export const KUNDENNUMMER_MESSAGE =
  'Die Kundennummer muss aus 1 bis 20 Ziffern bestehen, wie sie die Anmeldung annimmt.';
const VERTRAGSNUMMER_MESSAGE = `Die Vertragsnummer muss eine ganze Zahl von 1 bis ${MAX_ID} sein.`;
const SCHLUESSEL_MESSAGE = 'Der Schlüssel muss aus 1 bis 100 Zeichen bestehen.';
const OBIS_MESSAGE =
  'Die OBIS-Kennzahl muss die Form Medium-Kanal:Messgröße.Messart.Tarif haben, z. B. 1-1:1.8.0.';
const DAYS_ORDER_MESSAGE = 'Das Ende darf nicht vor dem Beginn liegen.';
const DUPLICATE_CHANNEL_MESSAGE = 'Jede OBIS-Kennzahl darf nur einmal vorkommen.';

const Kundennummer = z
  .string({ error: KUNDENNUMMER_MESSAGE })
  .trim()
  .refine(isKundennummer, { error: KUNDENNUMMER_MESSAGE });
const Vertragsnummer = z
  .number({ error: VERTRAGSNUMMER_MESSAGE })
  .int({ error: VERTRAGSNUMMER_MESSAGE })
  .min(1, { error: VERTRAGSNUMMER_MESSAGE })
  .max(MAX_ID, { error: VERTRAGSNUMMER_MESSAGE });
const Schluessel = z
  .string({ error: SCHLUESSEL_MESSAGE })
  .trim()
  .min(1, { error: SCHLUESSEL_MESSAGE })
  .max(100, { error: SCHLUESSEL_MESSAGE });
/** 1-1:1.8.0, 7-1:3.0.0, 1-0:1.8.1*255 */
const ObisSchema = lazySchema(() =>
  z
    .string({ error: OBIS_MESSAGE })
    .regex(/^\d{1,3}-\d{1,3}:\d{1,3}\.\d{1,3}\.\d{1,3}(?:\*\d{1,3})?$/, { error: OBIS_MESSAGE }),
);

const ordered = (von: string | null, bis: string | null) => !von || !bis || von <= bis;

/** Portal access as the billing system states it. */
const Portalzugaenge = ['AKTIV', 'PASSWORT_AENDERN', 'KEIN_ZUGANG'] as const;

/** BO4E Geschaeftspartner: the customer. */
export const GeschaeftspartnerImportSchema = lazySchema(() =>
  z
    .object({
      kundennummer: Kundennummer,
      anrede: AnredeInputSchema,
      titel: optionalText(50),
      vorname: optionalText(100),
      nachname: optionalText(100),
      firma: optionalText(100),
      geburtsdatum: optionalDay,
      email: z
        .email()
        .nullish()
        .transform((value) => value ?? null),
      festnetz: optionalText(30),
      mobil: optionalText(30),
      fax: optionalText(30),
      portalzugang: z.enum(Portalzugaenge).default('AKTIV'),
      zugangsstufe: z.enum(Zugangsstufen).default('voll'),
    })
    .superRefine((partner, ctx) => {
      const required = requiredNameFields(partner.anrede);
      if (required.firma && !partner.firma)
        ctx.addIssue({ code: 'custom', path: ['firma'], message: 'Bitte geben Sie die Firma an.' });
      if (required.vorname && !partner.vorname)
        ctx.addIssue({
          code: 'custom',
          path: ['vorname'],
          message: 'Bitte geben Sie den Vornamen an.',
        });
      if (required.nachname && !partner.nachname)
        ctx.addIssue({
          code: 'custom',
          path: ['nachname'],
          message: 'Bitte geben Sie den Nachnamen an.',
        });
    }),
);

/** BO4E Vertrag: a delivery contract; its status follows from the dates (spec §4.2). */
export const VertragImportSchema = lazySchema(() =>
  z
    .object({
      vertragsnummer: Vertragsnummer,
      kundennummer: Kundennummer,
      versorgungsart: z.enum(Versorgungsarten),
      kundenArt: z.enum(KundenArten),
      anmeldungsart: optionalText(50),
      lieferbeginn: optionalDay,
      gewuenschterLieferbeginn: optionalDay,
      lieferende: optionalDay,
      gewuenschtesLieferende: optionalDay,
      storniert: z.boolean().default(false),
      lieferadresse: z.object({
        strasse: text(100),
        hausnummer: text(20),
        plz: z
          .string()
          .regex(/^\d{5}$/, { error: 'Die Postleitzahl muss aus 5 Ziffern bestehen.' }),
        ort: text(100),
      }),
    })
    .refine((vertrag) => ordered(vertrag.lieferbeginn, vertrag.lieferende), {
      path: ['lieferende'],
      error: DAYS_ORDER_MESSAGE,
    }),
);

const TarifImportSchema = lazySchema(() =>
  z
    .object({
      name: text(100),
      tariftyp: z.enum(PriceModels),
      /** EUR per kWh, net or gross as the tariff type says. */
      arbeitspreis: optionalPrice,
      arbeitspreisNt: optionalPrice,
      /** Share of the night tariff, 0 to 1. */
      anteilNt: z
        .number()
        .min(0)
        .max(1)
        .nullish()
        .transform((value) => value ?? null),
      /** EUR per year. */
      grundpreis: optionalPrice,
      /** The dynamic tariff's markup on the exchange price, EUR per kWh. */
      aufschlag: optionalPrice,
      preisgarantietyp: optionalText(100),
      gueltigVon: optionalDay,
      gueltigBis: optionalDay,
    })
    .refine((tarif) => ordered(tarif.gueltigVon, tarif.gueltigBis), {
      path: ['gueltigBis'],
      error: DAYS_ORDER_MESSAGE,
    })
    .refine((tarif) => tarif.tariftyp !== 'DYNAMISCHER_PREIS' || tarif.aufschlag !== null, {
      path: ['aufschlag'],
      error: 'Ein dynamischer Tarif braucht seinen Aufschlag.',
    })
    .refine((tarif) => tarif.tariftyp === 'DYNAMISCHER_PREIS' || tarif.arbeitspreis !== null, {
      path: ['arbeitspreis'],
      error: 'Bitte geben Sie den Arbeitspreis an.',
    }),
);

/** BO4E Preisblatt: the tariff periods of one contract with their prices, all of them. */
export const PreisblattImportSchema = lazySchema(() =>
  z.object({
    vertragsnummer: Vertragsnummer,
    tarife: z
      .array(TarifImportSchema)
      .min(1, { error: 'Bitte geben Sie mindestens einen Tarif an.' }),
  }),
);

const unique = (values: string[]) => new Set(values).size === values.length;

/** BO4E Zaehler with its registers (Zaehlwerke): the OBIS code and the digits it shows. */
export const ZaehlerImportSchema = lazySchema(() =>
  z
    .object({
      zaehlernummer: text(40),
      vertragsnummer: Vertragsnummer,
      eingebautAm: optionalDay,
      ausgebautAm: optionalDay,
      kanaele: z
        .array(
          z.object({
            obiskennzahl: ObisSchema,
            vorkommastellen: z.number().int().min(1).max(12),
            nachkommastellen: z.number().int().min(0).max(4),
          }),
        )
        .min(1, { error: 'Bitte geben Sie mindestens einen Kanal an.' })
        .refine((kanaele) => unique(kanaele.map((kanal) => kanal.obiskennzahl)), {
          error: DUPLICATE_CHANNEL_MESSAGE,
        }),
    })
    .refine((zaehler) => ordered(zaehler.eingebautAm, zaehler.ausgebautAm), {
      path: ['ausgebautAm'],
      error: DAYS_ORDER_MESSAGE,
    }),
);

/** A reading from the supplier's side (BO4E Zaehlerstand); the Ermittlungsart of spec §7.3. */
export const AblesungImportSchema = lazySchema(() =>
  z.object({
    vertragsnummer: Vertragsnummer,
    zaehlernummer: text(40),
    ablesedatum: IsoDateSchema,
    ermittlungsart: z.enum(ReadingSources),
    ablesegrund: optionalText(100),
    ableseart: optionalText(100),
    erfassungshinweis: optionalText(500),
    werte: z
      .array(z.object({ obiskennzahl: ObisSchema, ablesewert: z.number().min(0) }))
      .min(1, { error: 'Bitte geben Sie mindestens einen Zählerstand an.' })
      .refine((werte) => unique(werte.map((wert) => wert.obiskennzahl)), {
        error: DUPLICATE_CHANNEL_MESSAGE,
      }),
  }),
);

/** A document is a PDF of at most this many bytes. */
export const DOCUMENT_MAX_BYTES = 10_000_000;
export const DOCUMENT_NOT_PDF_MESSAGE = 'Der Inhalt ist kein PDF-Dokument.';
export const DOCUMENT_ACTIVE_MESSAGE =
  'Das PDF-Dokument ist nicht lesbar oder enthält Skripte, Aktionen, eingebettete Dateien oder Formulare mit Skripten; solche Dokumente werden nicht angenommen.';
export const DOCUMENT_TOO_LARGE_MESSAGE = `Das Dokument darf höchstens ${DOCUMENT_MAX_BYTES / 1_000_000} MB groß sein.`;

/** A document for the customer's mailbox: its PDF as base64 and what the list shows of it. */
const DokumentImportSchema = lazySchema(() =>
  z.object({
    schluessel: Schluessel,
    kundennummer: Kundennummer,
    vertragsnummer: Vertragsnummer.nullish().transform((value) => value ?? null),
    dateiname: z
      .string()
      .trim()
      .regex(/^[^/\\]{1,100}\.pdf$/i, {
        error: 'Der Dateiname muss auf .pdf enden und darf höchstens 100 Zeichen haben.',
      }),
    kategorie: text(50),
    beschreibung: text(200),
    erstellzeitpunkt: isoDateTime().transform((value) => new Date(value)),
    inhalt: z.base64({ error: 'Der Inhalt muss das PDF in Base64 sein.' }),
  }),
);

const rowKeys = {
  schluessel: Schluessel,
  kundennummer: Kundennummer,
  vertragsnummer: Vertragsnummer.nullish().transform((value) => value ?? null),
  gueltigVon: IsoDateSchema,
  gueltigBis: optionalDay,
};

/** A billing address the billing system keeps (BO4E Adresse of the Geschaeftspartner). */
const RechnungsadresseImportSchema = lazySchema(() =>
  z.object({ ...rowKeys, ...billingAddressFields() }).superRefine((address, ctx) => {
    checkBillingAddress(address, Boolean(address.postfach), ctx);
    if (!ordered(address.gueltigVon, address.gueltigBis))
      ctx.addIssue({ code: 'custom', path: ['gueltigBis'], message: DAYS_ORDER_MESSAGE });
  }),
);

/** Bank details the billing system keeps (BO4E Bankverbindung), with the SEPA mandate. */
const BankverbindungImportSchema = lazySchema(() =>
  bankDetailsInputSchema()
    .extend({
      ...rowKeys,
      bic: optionalText(11).refine((bic) => bic === null || checkBic(bic).typ === 'valid', {
        error: 'Die BIC ist ungültig.',
      }),
      bankname: optionalText(100),
      blz: optionalText(8),
      kontonummer: optionalText(10),
      mandatsreferenz: optionalText(35),
    })
    .refine((bank) => ordered(bank.gueltigVon, bank.gueltigBis), {
      path: ['gueltigBis'],
      error: DAYS_ORDER_MESSAGE,
    }),
);

/**
 * Every kind of master data with its schema and the field that keys it in the answer's
 * refusals. The time series (energiemengen, preise) are imported by their own module.
 */
export const ImportKinds = {
  geschaeftspartner: { schema: GeschaeftspartnerImportSchema, key: ['kundennummer'] },
  vertraege: { schema: VertragImportSchema, key: ['vertragsnummer'] },
  preisblaetter: { schema: PreisblattImportSchema, key: ['vertragsnummer'] },
  zaehler: { schema: ZaehlerImportSchema, key: ['vertragsnummer', 'zaehlernummer'] },
  ablesungen: { schema: AblesungImportSchema, key: ['zaehlernummer', 'ablesedatum'] },
  dokumente: { schema: DokumentImportSchema, key: ['schluessel'] },
  rechnungsadressen: { schema: RechnungsadresseImportSchema, key: ['schluessel'] },
  bankverbindungen: { schema: BankverbindungImportSchema, key: ['schluessel'] },
} as const;
export type ImportKind = keyof typeof ImportKinds;
export const IMPORT_KIND_NAMES = Object.keys(ImportKinds) as ImportKind[];
export type ImportRecord<K extends ImportKind> = z.output<(typeof ImportKinds)[K]['schema']>;
export type ImportInput<K extends ImportKind> = z.input<(typeof ImportKinds)[K]['schema']>;

/** A record's key as the answer names it ("5000001/1ESY1160599999"), from what was sent. */
export function importRecordKey(kind: ImportKind, record: unknown): string | null {
  if (typeof record !== 'object' || record === null) return null;
  const parts = ImportKinds[kind].key.map((field) => (record as Record<string, unknown>)[field]);
  if (parts.some((part) => typeof part !== 'string' && typeof part !== 'number')) return null;
  return parts.join('/');
}

/** A request's body: the records, each checked on its own by its kind's schema. */
export const ImportBodySchema = lazySchema(() =>
  z.array(z.unknown(), {
    error: 'Bitte senden Sie eine Liste von Datensätzen (ein JSON-Array oder NDJSON).',
  }),
);

const ImportRefusalSchema = lazySchema(() =>
  z.object({
    index: z.number().int(),
    schluessel: z.string().nullable(),
    message: z.string(),
    felder: z.record(z.string(), z.string()),
  }),
);
export type ImportRefusal = z.infer<typeof ImportRefusalSchema>;

export const ImportResultSchema = lazySchema(() =>
  z.object({
    angelegt: z.number().int(),
    aktualisiert: z.number().int(),
    unveraendert: z.number().int(),
    abgelehnt: z.array(ImportRefusalSchema),
  }),
);
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** The refusal's sentence: which record (index from 0, and its key), which field, what is wrong. */
export function importRefusalMessage(
  index: number,
  schluessel: string | null,
  feld: string | undefined,
  message: string,
): string {
  const record = `Datensatz ${index}${schluessel === null ? '' : ` (${schluessel})`}`;
  return `${record}${feld ? `, Feld „${feld}“` : ''}: ${message}`;
}
