import { describe, expect, it } from 'vitest';
import {
  contactRequestFeedback,
  ContactRequestInputSchema,
  UpdateContactInputSchema,
} from './contact';

describe('contact request rules (spec §5)', () => {
  it('shows the subject hint only once the text has more than 1 character', () => {
    expect(contactRequestFeedback('', 'a').betreff.typ).toBe('undefined');
    expect(contactRequestFeedback('', 'ab').betreff).toEqual({
      typ: 'invalid',
      nachricht: 'Vor dem Senden muss ein Betreff gewählt werden.',
    });
  });

  it('shows the length hint while the text has 2 to 19 characters', () => {
    expect(contactRequestFeedback('SONSTIGES', 'a').text.typ).toBe('undefined');
    expect(contactRequestFeedback('SONSTIGES', 'x'.repeat(19)).text.nachricht).toBe(
      'Die Nachricht muss mindestens 20 Zeichen lang sein.',
    );
    expect(contactRequestFeedback('SONSTIGES', 'x'.repeat(20)).text.typ).toBe('undefined');
  });

  it('allows sending only with a subject and 20 characters', () => {
    expect(contactRequestFeedback('', 'x'.repeat(20)).canSend).toBe(false);
    expect(contactRequestFeedback('SONSTIGES', 'x'.repeat(19)).canSend).toBe(false);
    expect(contactRequestFeedback('SONSTIGES', 'x'.repeat(20)).canSend).toBe(true);
    expect(
      ContactRequestInputSchema.safeParse({ betreff: 'SONSTIGES', text: 'x'.repeat(19) }).success,
    ).toBe(false);
  });
});

describe('contact data', () => {
  it('accepts e-mails up to 254 characters with a local part up to 64', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.de`;
    expect(UpdateContactInputSchema.safeParse({ email: long }).success).toBe(true);
    expect(UpdateContactInputSchema.safeParse({ email: `a${long}` }).success).toBe(false);
    expect(UpdateContactInputSchema.parse({ email: '', mobil: ' 0170 1 ' })).toEqual({
      email: null,
      mobil: '0170 1',
      festnetz: null,
      fax: null,
    });
  });
});
