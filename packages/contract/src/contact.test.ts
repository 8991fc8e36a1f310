import { describe, expect, it } from 'vitest';
import {
  changesEmail,
  CONTACT_SUBJECT_MESSAGE,
  CONTACT_TEXT_MESSAGE,
  CONTACT_TEXT_TOO_LONG_MESSAGE,
  ContactRequestInputSchema,
  contactTextCount,
  UpdateContactInputSchema,
  updateContactFormSchema,
} from './contact';
import { EmailChangeMessages } from './email-change';

/** The messages a schema answers, by field. */
const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('contact request (spec §5)', () => {
  it('needs a subject from the list', () => {
    const text = 'x'.repeat(20);
    expect(messages(ContactRequestInputSchema.safeParse({ betreff: '', text }))).toEqual({
      betreff: 'Vor dem Senden muss ein Betreff gewählt werden.',
    });
    expect(messages(ContactRequestInputSchema.safeParse({ betreff: 'ANDERES', text }))).toEqual({
      betreff: CONTACT_SUBJECT_MESSAGE,
    });
  });

  it('needs 20 characters after trimming, and at most 5.000', () => {
    const send = (text: string) =>
      ContactRequestInputSchema.safeParse({ betreff: 'SONSTIGES', text });
    expect(messages(send('x'.repeat(19)))).toEqual({
      text: 'Die Nachricht muss mindestens 20 Zeichen lang sein.',
    });
    expect(messages(send(` ${'x'.repeat(19)} `))).toEqual({ text: CONTACT_TEXT_MESSAGE });
    expect(send('€'.repeat(20)).success).toBe(true);
    expect(send('x'.repeat(5000)).success).toBe(true);
    expect(messages(send('x'.repeat(5001)))).toEqual({
      text: 'Die Nachricht darf höchstens 5.000 Zeichen lang sein.',
    });
    expect(CONTACT_TEXT_TOO_LONG_MESSAGE).toBe(
      'Die Nachricht darf höchstens 5.000 Zeichen lang sein.',
    );
    expect(
      ContactRequestInputSchema.parse({ betreff: 'SONSTIGES', text: ` ${'x'.repeat(20)} ` }),
    ).toEqual({ betreff: 'SONSTIGES', text: 'x'.repeat(20) });
  });

  it('counts the text for the customer', () => {
    expect(contactTextCount('Grüße €')).toBe('7 von 5000 Zeichen, mindestens 20.');
  });
});

describe('contact data', () => {
  it('accepts e-mails up to 254 characters with a local part up to 64', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.de`;
    expect(UpdateContactInputSchema.safeParse({ email: long }).success).toBe(true);
    expect(messages(UpdateContactInputSchema.safeParse({ email: `a${long}` }))).toEqual({
      email: 'Die angegebene Email ist ungültig.',
    });
    expect(UpdateContactInputSchema.parse({ email: '', mobil: ' 0170 1 ' })).toEqual({
      email: null,
      mobil: '0170 1',
      festnetz: null,
      fax: null,
    });
  });

  it('takes any phone number up to 100 characters', () => {
    expect(UpdateContactInputSchema.safeParse({ fax: '+49 (0)30 / 123-45 ext. 6' }).success).toBe(
      true,
    );
    expect(UpdateContactInputSchema.safeParse({ mobil: '1'.repeat(100) }).success).toBe(true);
    expect(UpdateContactInputSchema.safeParse({ mobil: '1'.repeat(101) }).success).toBe(false);
  });

  it('asks for the password only when the e-mail changes', () => {
    const schema = updateContactFormSchema('max@example.de');
    expect(schema.safeParse({ email: ' max@example.de ' }).success).toBe(true);
    expect(messages(schema.safeParse({ email: 'neu@example.de' }))).toEqual({
      passwort: EmailChangeMessages.passwordMissing,
    });
    expect(messages(schema.safeParse({ email: 'neu@example.de', passwort: '' }))).toEqual({
      passwort: EmailChangeMessages.passwordMissing,
    });
    expect(schema.safeParse({ email: 'neu@example.de', passwort: 'geheim' }).success).toBe(true);
    // Removing the address changes it too.
    expect(schema.safeParse({ email: '' }).success).toBe(false);
    expect(updateContactFormSchema(null).safeParse({ email: '' }).success).toBe(true);
  });

  it('compares addresses as the schema reads them', () => {
    expect(changesEmail(' a@b.de ', 'a@b.de')).toBe(false);
    expect(changesEmail('', null)).toBe(false);
    expect(changesEmail(undefined, null)).toBe(false);
    expect(changesEmail('c@b.de', 'a@b.de')).toBe(true);
    expect(changesEmail('', 'a@b.de')).toBe(true);
  });
});
