import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import type { Labels } from './common';
import { EmailChangeMessages } from './email-change';
import { characterCount } from './display-timing';
import { EMAIL_INVALID_MESSAGE, isEmailAddress } from './validation';

/** Phone and fax numbers: as typed, always valid (spec §5), at most this long. */
export const CONTACT_PHONE_MAX_LENGTH = 100;

const optionalText = z
  .string()
  .trim()
  .max(CONTACT_PHONE_MAX_LENGTH)
  .nullish()
  .transform((value) => (value ? value : null));

const optionalEmail = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null));

export const UpdateContactInputSchema = lazySchema(() =>
  z.object({
    email: optionalEmail.refine((value) => value === null || isEmailAddress(value), {
      message: EMAIL_INVALID_MESSAGE,
    }),
    mobil: optionalText,
    festnetz: optionalText,
    fax: optionalText,
  }),
);

/** Whether the typed address (as the schema reads it: trimmed, empty is none) is a new one. */
export const changesEmail = (typed: string | null | undefined, current: string | null) =>
  (typed?.trim() || null) !== (current || null);

/**
 * The contact data form: the call's input, and the current password (sent as a header) when
 * the e-mail changes, as the server asks for it then with the same message.
 */
export const updateContactFormSchema = (currentEmail: string | null) =>
  UpdateContactInputSchema.extend({ passwort: z.string().optional() }).refine(
    (values) => !changesEmail(values.email, currentEmail) || Boolean(values.passwort),
    { path: ['passwort'], message: EmailChangeMessages.passwordMissing },
  );
export type UpdateContactForm = z.input<ReturnType<typeof updateContactFormSchema>>;
export const CONTACT_SAVE_ERROR = 'Beim Speichern der Kontaktdaten ist ein Fehler aufgetreten.';
export const CONTACT_LOAD_ERROR = 'Beim Laden der Kontaktdaten ist ein Fehler aufgetreten.';
export const CONTACT_REQUEST_DONE =
  'Ihre Anfrage wurde erfolgreich übermittelt. Wir kümmern uns schnellstmöglich um Ihr Anliegen.';
/** Below the request's number on the success page: what the number is for. */
export const CONTACT_REQUEST_NUMBER_HINT =
  'Bitte nennen Sie diese Nummer, wenn Sie uns zu Ihrer Anfrage schreiben oder anrufen.';

export const ContactSubjects = [
  'ABSCHLAGSAENDERUNG',
  'FRAGE_ZUR_ABRECHNUNG',
  'FRAGE_ZUM_BEARBEITUNGSSTAND',
  'SONSTIGES',
] as const;
export type ContactSubject = (typeof ContactSubjects)[number];
export const CONTACT_SUBJECT_LABELS: Labels<ContactSubject> = {
  ABSCHLAGSAENDERUNG: 'Abschlagsänderung',
  FRAGE_ZUR_ABRECHNUNG: 'Frage zur Abrechnung',
  FRAGE_ZUM_BEARBEITUNGSSTAND: 'Frage zum Bearbeitungsstand',
  SONSTIGES: 'Sonstiges',
};

const CONTACT_TEXT_MIN_LENGTH = 20;
export const CONTACT_TEXT_MAX_LENGTH = 5000;
export const CONTACT_SUBJECT_MESSAGE = 'Vor dem Senden muss ein Betreff gewählt werden.';
export const CONTACT_TEXT_MESSAGE = `Die Nachricht muss mindestens ${CONTACT_TEXT_MIN_LENGTH} Zeichen lang sein.`;
/** 5000 as German text writes it: 5.000. */
const withThousandsDots = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
export const CONTACT_TEXT_TOO_LONG_MESSAGE = `Die Nachricht darf höchstens ${withThousandsDots(CONTACT_TEXT_MAX_LENGTH)} Zeichen lang sein.`;
/** The count under the text field. */
export const contactTextCount = (text: string) =>
  `${characterCount(text)} von ${CONTACT_TEXT_MAX_LENGTH} Zeichen, mindestens ${CONTACT_TEXT_MIN_LENGTH}.`;

export const ContactRequestInputSchema = lazySchema(() =>
  z.object({
    betreff: z.enum(ContactSubjects, { message: CONTACT_SUBJECT_MESSAGE }),
    text: z
      .string({ error: CONTACT_TEXT_MESSAGE })
      .trim()
      .refine((text) => characterCount(text) >= CONTACT_TEXT_MIN_LENGTH, CONTACT_TEXT_MESSAGE)
      .refine(
        (text) => characterCount(text) <= CONTACT_TEXT_MAX_LENGTH,
        CONTACT_TEXT_TOO_LONG_MESSAGE,
      ),
  }),
);
export type ContactRequestInput = z.infer<typeof ContactRequestInputSchema>;
/** The answer to a contact request: its number, the one both mails name. */
export const ContactRequestAnswerSchema = lazySchema(() =>
  z.object({
    anfrageNr: z
      .number()
      .int()
      .positive()
      .meta({ description: 'Die Nummer der Anfrage, wie sie auch in beiden Mails steht.' }),
  }),
);
/** The contact data form's fields with their labels: all optional (spec §5). */
export const CONTACT_DATA_LABELS = {
  email: 'E-Mail',
  passwort: EmailChangeMessages.passwordLabel,
  festnetz: 'Festnetz',
  mobil: 'Mobil',
  fax: 'Fax',
} as const;
/** The contact request's fields as its form labels them: what a disabled "Senden" names. */
export const CONTACT_REQUEST_LABELS = { betreff: 'Betreff', text: 'Ihre Nachricht' } as const;
