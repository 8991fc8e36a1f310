import { z } from './zod-german';
import type { Labels } from './common';
import { invalid, NO_FEEDBACK } from './feedback';
import { checkEmail, EMAIL_INVALID_MESSAGE } from './validation';

const optionalText = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((value) => (value ? value : null));

const optionalEmail = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null));

export const UpdateContactInputSchema = z.object({
  email: optionalEmail.refine((value) => checkEmail(value).typ !== 'invalid', {
    message: EMAIL_INVALID_MESSAGE,
  }),
  mobil: optionalText,
  festnetz: optionalText,
  fax: optionalText,
});
export const CONTACT_SAVE_ERROR = 'Beim Speichern der Kontaktdaten ist ein Fehler aufgetreten.';
export const CONTACT_LOAD_ERROR = 'Beim Laden der Kontaktdaten ist ein Fehler aufgetreten.';
export const CONTACT_REQUEST_DONE =
  'Ihre Anfrage wurde erfolgreich übermittelt. Wir kümmern uns schnellstmöglich um Ihr Anliegen.';
export type UpdateContactInput = z.input<typeof UpdateContactInputSchema>;

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

export const CONTACT_TEXT_MIN_LENGTH = 20;
export const CONTACT_TEXT_MAX_LENGTH = 5000;
export const CONTACT_SUBJECT_MESSAGE = 'Vor dem Senden muss ein Betreff gewählt werden.';
export const CONTACT_TEXT_MESSAGE = 'Die Nachricht muss mindestens 20 Zeichen lang sein.';

export const ContactRequestInputSchema = z.object({
  betreff: z.enum(ContactSubjects, { message: CONTACT_SUBJECT_MESSAGE }),
  text: z
    .string({ error: CONTACT_TEXT_MESSAGE })
    .trim()
    .refine((text) => [...text].length >= CONTACT_TEXT_MIN_LENGTH, CONTACT_TEXT_MESSAGE)
    .refine(
      (text) => [...text].length <= CONTACT_TEXT_MAX_LENGTH,
      'Die Nachricht darf höchstens 5.000 Zeichen lang sein.',
    ),
});
export type ContactRequestInput = z.infer<typeof ContactRequestInputSchema>;

/**
 * Spec §5: the subject hint appears once the text has more than 1 character; the length hint
 * while the text has 2 to 19 characters. Send needs a subject and at least 20 characters.
 */
export function contactRequestFeedback(betreff: string, text: string) {
  const length = [...text.trim()].length;
  return {
    betreff:
      betreff === '' && [...text].length > 1 ? invalid(CONTACT_SUBJECT_MESSAGE) : NO_FEEDBACK,
    text:
      length >= 2 && length < CONTACT_TEXT_MIN_LENGTH ? invalid(CONTACT_TEXT_MESSAGE) : NO_FEEDBACK,
    canSend:
      betreff !== '' &&
      length >= CONTACT_TEXT_MIN_LENGTH &&
      [...text.trim()].length <= CONTACT_TEXT_MAX_LENGTH,
  };
}
