import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { IsoDateSchema, type Labels } from './common';

export const Anreden = ['KeineAnrede', 'Firma', 'Herr', 'Frau', 'Familie'] as const;
export const AnredeSchema = lazySchema(() => z.enum(Anreden));
/** For input: the text "keine Anrede" maps to KeineAnrede. Output schemas use AnredeSchema. */
export const AnredeInputSchema = lazySchema(() =>
  z.preprocess((value) => (value === 'keine Anrede' ? 'KeineAnrede' : value), AnredeSchema),
);
export type Anrede = (typeof Anreden)[number];
export const ANREDE_LABELS: Labels<Anrede> = {
  KeineAnrede: 'keine Anrede',
  Firma: 'Firma',
  Herr: 'Herr',
  Frau: 'Frau',
  Familie: 'Familie',
};

export const KundenArten = ['Haushaltskunde', 'Sondervertragskunde', 'RLMKunde'] as const;
export type KundenArt = (typeof KundenArten)[number];
export const KUNDEN_ART_LABELS: Labels<KundenArt> = {
  Haushaltskunde: 'Haushaltskunde',
  Sondervertragskunde: 'Sondervertragskunde',
  RLMKunde: 'RLM-Kunde',
};

export const Zugangsstufen = ['voll', 'eingeschränkt'] as const;

export const CustomerSchema = lazySchema(() =>
  z.object({
    kundennummer: z.string(),
    anrede: AnredeSchema,
    titel: z.string().nullable(),
    vorname: z.string().nullable(),
    nachname: z.string().nullable(),
    firma: z.string().nullable(),
    geburtsdatum: IsoDateSchema.nullable(),
    email: z.string().nullable(),
    festnetz: z.string().nullable(),
    mobil: z.string().nullable(),
    fax: z.string().nullable(),
    vertraege: z.array(z.number().int()),
  }),
);
export type Customer = z.infer<typeof CustomerSchema>;

/** The company for anrede Firma; otherwise title, first and last name, joined and trimmed. */
export function displayName(
  customer: Pick<Customer, 'titel' | 'vorname' | 'nachname' | 'firma'> & { anrede: string },
): string {
  if (customer.anrede === 'Firma') return (customer.firma ?? '').trim();
  return [customer.titel, customer.vorname, customer.nachname]
    .filter((part) => part && part.trim() !== '')
    .map((part) => part!.trim())
    .join(' ');
}
