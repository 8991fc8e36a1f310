import { z } from './zod-german';
import { IsoDateSchema } from './common';
import { AnredeSchema, Anreden } from './customer';
import { ValidityMessages } from './messages';
import { checkHouseNumber, checkPostalCode } from './validation';

export const Laender = ['Deutschland', 'Österreich', 'Schweiz'] as const;
export const DEFAULT_LAND = 'Deutschland';

export const BillingAddressSchema = z.object({
  id: z.number().int(),
  gueltigVon: IsoDateSchema,
  gueltigBis: IsoDateSchema.nullable(),
  anrede: AnredeSchema,
  firma: z.string().nullable(),
  vorname: z.string().nullable(),
  nachname: z.string().nullable(),
  titel: z.string().nullable(),
  co: z.string().nullable(),
  strasse: z.string().nullable(),
  hausnummer: z.string().nullable(),
  postleitzahl: z.string(),
  ort: z.string(),
  land: z.enum(Laender),
  postfach: z.string().nullable(),
  vertragId: z.number().int().nullable(),
});
export type BillingAddress = z.infer<typeof BillingAddressSchema>;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Höchstens ${max} Zeichen sind erlaubt.` })
    .optional();
const atLeast = (value: string | undefined, min: number) => [...(value ?? '')].length >= min;

/** Spec §5, billing address form. Normal addresses have street and number, Postfach a box. */
export const CreateBillingAddressInputSchema = z
  .object({
    gueltigVon: z.iso.date({ error: ValidityMessages.validFromRequired }),
    anrede: z.preprocess(
      (value) => (value === 'keine Anrede' ? 'KeineAnrede' : value),
      z.enum(Anreden, { error: 'Bitte wählen Sie eine Anrede.' }),
    ),
    firma: text(100),
    vorname: text(100),
    nachname: text(100),
    titel: text(50),
    co: text(100),
    strasse: text(100),
    hausnummer: text(20),
    postfach: text(20),
    postleitzahl: z.string({ error: 'Bitte geben Sie eine Postleitzahl an.' }).trim(),
    ort: z.string({ error: 'Bitte geben Sie einen Ort an.' }).trim().max(100),
    land: z.enum(Laender, { error: 'Bitte wählen Sie ein Land.' }).default(DEFAULT_LAND),
  })
  .superRefine((address, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (address.anrede === 'Firma' && !atLeast(address.firma, 2))
      problem('firma', 'Bitte geben Sie den Firmennamen mit mindestens 2 Zeichen an.');
    if ((address.anrede === 'Herr' || address.anrede === 'Frau') && !atLeast(address.vorname, 2))
      problem('vorname', 'Der Vorname muss mindestens 2 Zeichen lang sein.');
    if (['Herr', 'Frau', 'Familie'].includes(address.anrede) && !atLeast(address.nachname, 2))
      problem('nachname', 'Der Nachname muss mindestens 2 Zeichen lang sein.');
    if (address.postfach) {
      if (!atLeast(address.postfach, 3))
        problem('postfach', 'Das Postfach muss mindestens 3 Zeichen lang sein.');
    } else {
      if (!atLeast(address.strasse, 3))
        problem('strasse', 'Die Straße muss mindestens 3 Zeichen lang sein.');
      if (!atLeast(address.hausnummer, 1))
        problem('hausnummer', 'Bitte geben Sie eine Hausnummer an.');
      const houseNumber = checkHouseNumber(address.hausnummer);
      if (houseNumber.typ === 'invalid') problem('hausnummer', houseNumber.nachricht ?? '');
    }
    const postalCode = checkPostalCode(address.postleitzahl);
    if (address.postleitzahl === '')
      problem('postleitzahl', 'Bitte geben Sie eine Postleitzahl an.');
    else if (postalCode.typ === 'invalid') problem('postleitzahl', postalCode.nachricht ?? '');
    if (!atLeast(address.ort, 3)) problem('ort', 'Der Ort muss mindestens 3 Zeichen lang sein.');
  });
export type CreateBillingAddressInput = z.input<typeof CreateBillingAddressInputSchema>;
