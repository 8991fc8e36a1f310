import { z } from 'zod';

/** A portal variant (spec §1): what differs between suppliers, in config/mandanten/*.json. */
export const MandantSchema = z.object({
  name: z.string().min(1),
  kurzname: z.string().min(1),
  logoUrl: z.string().nullable(),
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
    verbrauchszeitraum: z.string(),
    hochgerechnet: z.string(),
    jahre: z.array(z.string()),
    verbrauch: z.string(),
    boersenpreis: z.string(),
    kosten: z.string(),
  }),
  diagrammLinienbreite: z.number().positive(),
});
export type Mandant = z.infer<typeof MandantSchema>;
