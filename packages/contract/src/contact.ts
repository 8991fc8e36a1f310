import { z } from 'zod';
import type { Labels } from './common';
import { checkEmail, EMAIL_INVALID_MESSAGE } from './validation';

const optionalText = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((value) => (value ? value : null));

export const UpdateContactInputSchema = z.object({
  email: optionalText.refine((value) => checkEmail(value).typ !== 'invalid', {
    message: EMAIL_INVALID_MESSAGE,
  }),
  mobil: optionalText,
  festnetz: optionalText,
  fax: optionalText,
});
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
export const CONTACT_SUBJECT_MESSAGE = 'Vor dem Senden muss ein Betreff gewählt werden.';
export const CONTACT_TEXT_MESSAGE = 'Die Nachricht muss mindestens 20 Zeichen lang sein.';

export const ContactRequestInputSchema = z.object({
  betreff: z.enum(ContactSubjects, { message: CONTACT_SUBJECT_MESSAGE }),
  text: z.string().trim().min(CONTACT_TEXT_MIN_LENGTH, CONTACT_TEXT_MESSAGE).max(5000),
});
export type ContactRequestInput = z.infer<typeof ContactRequestInputSchema>;
