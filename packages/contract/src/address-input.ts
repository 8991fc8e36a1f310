import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { validFromSchema } from './common';
import { Anreden } from './customer';
import { DEFAULT_LAND, Laender } from './addresses';

/** An optional text of at most `max` characters; empty is sent and stored as none. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Höchstens ${max} Zeichen sind erlaubt.` })
    .optional()
    .transform((value) => (value === '' ? undefined : value));
const atLeast = (value: string | undefined, min: number) => [...(value ?? '')].length >= min;

export const POSTAL_CODE_MESSAGE = 'Die Postleitzahl muss aus 4 oder 5 Ziffern bestehen.';
export const HOUSE_NUMBER_MESSAGE = 'Die Hausnummer ist ungültig.';
/** Spec §5: 4 or 5 digits. */
const POSTAL_CODE_PATTERN = /^\d{4,5}$/;
/** Spec §5: digits with optional lowercase letters, optionally "-" or "/" and more. */
const HOUSE_NUMBER_PATTERN = /^\d+[a-z]*(?:[-/][0-9a-z]+)?$/;

const AddressMinLengths = {
  firma: 2,
  vorname: 2,
  nachname: 2,
  strasse: 3,
  hausnummer: 1,
  ort: 3,
  postfach: 3,
} as const;

/**
 * The address's fields and their rules: the portal's form and the billing system's import.
 * Built by the schema that spreads them, not when the module loads (docs/decisions/027-schemas-built-on-first-use.md).
 */
export const billingAddressFields = () => ({
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
});
type AddressFields = z.output<z.ZodObject<ReturnType<typeof billingAddressFields>>>;

/** Spec §5: the name fields a salutation requires; the form marks the others "(optional)". */
export const requiredNameFields = (anrede: string | undefined) => ({
  firma: anrede === 'Firma',
  vorname: anrede === 'Herr' || anrede === 'Frau',
  nachname: anrede === 'Herr' || anrede === 'Frau' || anrede === 'Familie',
});

/** The form's fields in screen order with their labels: what a disabled "Speichern" names. */
export const BILLING_ADDRESS_LABELS = {
  anrede: 'Anrede',
  titel: 'Titel',
  vorname: 'Vorname',
  nachname: 'Nachname',
  firma: 'Firma',
  co: 'c/o',
  strasse: 'Straße',
  hausnummer: 'Hausnummer',
  postfach: 'Postfach',
  postleitzahl: 'Postleitzahl',
  ort: 'Ort',
  gueltigVon: 'Gültig ab',
} as const;

/**
 * Spec §5, billing address form: the rules that depend on the salutation and on the address
 * type (street and house number, or a post-office box).
 */
export function checkBillingAddress(
  address: AddressFields,
  postfach: boolean,
  ctx: z.RefinementCtx,
) {
  const problem = (path: keyof AddressFields, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const min = AddressMinLengths;
  const required = requiredNameFields(address.anrede);
  if (required.firma && !atLeast(address.firma, min.firma))
    problem('firma', `Bitte geben Sie den Firmennamen mit mindestens ${min.firma} Zeichen an.`);
  if (required.vorname && !atLeast(address.vorname, min.vorname))
    problem('vorname', `Der Vorname muss mindestens ${min.vorname} Zeichen lang sein.`);
  if (required.nachname && !atLeast(address.nachname, min.nachname))
    problem('nachname', `Der Nachname muss mindestens ${min.nachname} Zeichen lang sein.`);
  if (postfach) {
    if (!atLeast(address.postfach, min.postfach))
      problem('postfach', `Das Postfach muss mindestens ${min.postfach} Zeichen lang sein.`);
  } else {
    if (!atLeast(address.strasse, min.strasse))
      problem('strasse', `Die Straße muss mindestens ${min.strasse} Zeichen lang sein.`);
    if (!atLeast(address.hausnummer, min.hausnummer))
      problem('hausnummer', 'Bitte geben Sie eine Hausnummer an.');
    else if (!HOUSE_NUMBER_PATTERN.test(address.hausnummer ?? ''))
      problem('hausnummer', HOUSE_NUMBER_MESSAGE);
  }
  if (address.postleitzahl === '') problem('postleitzahl', 'Bitte geben Sie eine Postleitzahl an.');
  else if (!POSTAL_CODE_PATTERN.test(address.postleitzahl))
    problem('postleitzahl', POSTAL_CODE_MESSAGE);
  if (!atLeast(address.ort, min.ort))
    problem('ort', `Der Ort muss mindestens ${min.ort} Zeichen lang sein.`);
}

/**
 * The call's body (spec §5, §7.1): a Postfach address is one with a post-office box. With
 * `tomorrow` (the server's service, by its clock) "gültig ab" must be tomorrow or later.
 */
export const billingAddressInputSchema = (tomorrow?: string) =>
  z
    .object({ gueltigVon: validFromSchema(tomorrow), ...billingAddressFields() })
    .superRefine((address, ctx) => checkBillingAddress(address, Boolean(address.postfach), ctx));
/** The route's schema; the service parses again with billingAddressInputSchema(tomorrow). */
export const CreateBillingAddressInputSchema = lazySchema(() => billingAddressInputSchema());
export type CreateBillingAddressInput = z.input<typeof CreateBillingAddressInputSchema>;

/** Spec §4.3: the form switches between street and house number, and a post-office box. */
export const AddressTypes = ['Normal', 'Postfach'] as const;

/**
 * The billing address form (spec §5) on the day before `tomorrow`: the same fields and rules as
 * the call, with the type the customer chose; the fields of the other type are sent as none
 * (spec §4.3). Its output is the call's body.
 */
export const billingAddressFormSchema = (tomorrow: string) =>
  z
    .object({
      typ: z.enum(AddressTypes),
      gueltigVon: validFromSchema(tomorrow),
      ...billingAddressFields(),
    })
    .superRefine((address, ctx) => checkBillingAddress(address, address.typ === 'Postfach', ctx))
    .transform(({ typ, ...address }) =>
      typ === 'Postfach'
        ? { ...address, strasse: undefined, hausnummer: undefined }
        : { ...address, postfach: undefined },
    );
export type BillingAddressFormValues = z.input<ReturnType<typeof billingAddressFormSchema>>;
