import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureGermanSchemaMessages } from './issue-messages';

const TECHNICAL = /Ungültig|erwartet|erhalten|Zu (klein|groß)|expected|received|Invalid/;

describe('German schema messages', () => {
  beforeAll(configureGermanSchemaMessages);

  const Schema = z.object({
    datum: z.iso.date(),
    grund: z.enum(['AUSZUG', 'ANBIETERWECHSEL']),
    vorname: z.string().min(2),
    ablesewerte: z.record(z.string(), z.number().nonnegative()),
    text: z.string().max(5),
    email: z.email(),
    lastschrifteinzugErlaubt: z.boolean(),
  });
  const messages = (input: unknown) =>
    Object.fromEntries(
      Schema.safeParse(input).error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );

  it('names the missing field in a sentence', () => {
    expect(messages({})).toMatchObject({
      datum: 'Bitte geben Sie das Lieferende an.',
      grund: 'Bitte wählen Sie den Kündigungsgrund.',
      vorname: 'Bitte geben Sie den Vornamen an.',
    });
  });

  it('says what is wrong with a value, never in zod wording', () => {
    const answer = messages({
      datum: '1.1.2027',
      grund: 'KEINER',
      vorname: 'M',
      ablesewerte: { '1-1:1.8.0': -1 },
      text: 'sechs!',
      email: 'kein@',
      lastschrifteinzugErlaubt: 'ja',
    });
    expect(answer).toEqual({
      datum: 'Bitte geben Sie das Lieferende als Datum an.',
      grund: 'Bitte wählen Sie den Kündigungsgrund aus den angebotenen Möglichkeiten.',
      vorname: 'Der Vorname muss mindestens 2 Zeichen lang sein.',
      'ablesewerte.1-1:1.8.0': 'Der Zählerstand darf nicht negativ sein.',
      text: 'Der Text darf höchstens 5 Zeichen lang sein.',
      email: 'Bitte geben Sie die E-Mail-Adresse als gültige E-Mail-Adresse an.',
      lastschrifteinzugErlaubt:
        'Bitte geben Sie die Erlaubnis zum Lastschrifteinzug als Ja oder Nein an.',
    });
    for (const message of Object.values(answer)) expect(message).not.toMatch(TECHNICAL);
  });

  it('keeps a message the schema brings itself', () => {
    const Own = z.object({ betreff: z.enum(['A'], { message: 'Vor dem Senden …' }) });
    expect(Own.safeParse({ betreff: 'B' }).error!.issues[0]!.message).toBe('Vor dem Senden …');
  });
});
