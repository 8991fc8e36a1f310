import { lazySchema } from './lazy-schema';
import { z } from './zod-german';

const HexColorSchema = lazySchema(() =>
  z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Eine Farbe wird als #rrggbb angegeben.' }),
);

/** A portal variant (spec §1): what differs between suppliers, in config/mandanten/*.json. */
export const MandantSchema = lazySchema(() =>
  z.object({
    name: z.string().min(1),
    kurzname: z.string().min(1),
    logoUrl: z.string().nullable(),
    /**
     * The installed app (web app manifest): a square SVG symbol under the web's public folder, drawn
     * on its background colour as the home screen icon. The theme colour is `farben.primaer`.
     */
    app: z.object({
      symbolUrl: z.string().regex(/^\/[\w/-]+\.svg$/, {
        error: 'Das Symbol ist eine SVG-Datei der Web-App (/….svg).',
      }),
      hintergrund: HexColorSchema,
    }),
    markenLink: z.string().nullable(),
    kundennummerPraefix: z.string(),
    zugangsdatenHinweis: z.string().nullable(),
    nutzungsbedingungenUrl: z.string().nullable(),
    /** Absolute, or a path under the portal's public address (PUBLIC_URL). */
    passwortResetBasisUrl: z.string().min(1),
    apiBasisUrl: z.string(),
    feiertageUrl: z.string(),
    /** Sender of the portal's mails, and the supplier's service address for contact requests. */
    absenderEmail: z.email(),
    serviceEmail: z.email(),
    /** When a contact request is answered, as the contact page tells the customer. */
    kontaktAntwortzeit: z.string().min(1),
    anmeldung: z.object({
      kopfzeile: z.boolean(),
      fusszeile: z.boolean(),
      navigation: z.boolean(),
    }),
    kopfzeileText: z.string().nullable(),
    fusszeileLinks: z.array(z.object({ text: z.string(), url: z.string() })),
    abmeldenBeiAbbruch: z.boolean(),
    portalGesperrt: z.boolean(),
    diagrammFarben: z.object({
      verbrauchszeitraum: HexColorSchema,
      hochgerechnet: HexColorSchema,
      jahre: z.array(HexColorSchema).min(1),
      verbrauch: HexColorSchema,
      boersenpreis: HexColorSchema,
      kosten: HexColorSchema,
    }),
    diagrammLinienbreite: z.number().positive(),
    /** The supplier's colours throughout: buttons, links, navigation (each ≥ 4.5:1 on white). */
    farben: z.object({ primaer: HexColorSchema, primaerDunkel: HexColorSchema }),
    /**
     * The company as a German business letter names it (§ 35a GmbHG, § 5 DDG): the footer of every
     * mail and document, the creditor of the SEPA mandate.
     */
    firma: z.object({
      name: z.string().min(1),
      anschrift: z.array(z.string().min(1)).min(1),
      telefon: z.string().min(1),
      servicezeiten: z.string().min(1),
      registereintrag: z.string().min(1),
      geschaeftsfuehrung: z.string().min(1),
      ustId: z.string().regex(/^DE\d{9}$/, { error: 'Eine USt-IdNr. lautet DE und neun Ziffern.' }),
      /** Gläubiger-Identifikationsnummer of the Bundesbank: DE, two check digits, ZZZ, 11 digits. */
      glaeubigerId: z.string().regex(/^DE\d{2}ZZZ\d{11}$/, {
        error: 'Eine Gläubiger-ID lautet DE99ZZZ und elf Ziffern.',
      }),
      impressumUrl: z.url(),
      /** The account customers pay to: every document's footer names it. */
      bank: z.object({
        name: z.string().min(1),
        iban: z
          .string()
          .regex(/^DE\d{20}$/, { error: 'Eine deutsche IBAN lautet DE und 20 Ziffern.' }),
        bic: z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, {
          error: 'Eine BIC hat 8 oder 11 Zeichen.',
        }),
      }),
    }),
    /** A closable message above every page (spec §2.5); closed per browser until the text changes. */
    globaleMeldung: z.object({ id: z.string().min(1), text: z.string().min(1) }).nullable(),
  }),
);
export type Mandant = z.infer<typeof MandantSchema>;

/**
 * The variant as the server hands it to the web (in the page and by GET /api/mandant): the
 * file's, with the reset page resolved against PUBLIC_URL. The web sends exactly this as a reset
 * request's basisUrl, whatever host name the customer reached the portal by.
 */
export const ServedMandantSchema = lazySchema(() =>
  MandantSchema.extend({
    passwortResetUrl: z.url(),
    /** SESSION_MAX_HOURS: what the app keeps on a device lives no longer than a session. */
    sitzungHoechstdauerStunden: z.number().positive(),
  }),
);
export type ServedMandant = z.infer<typeof ServedMandantSchema>;
