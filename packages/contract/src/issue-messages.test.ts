import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureGermanSchemaMessages, germanIssueMessage } from './issue-messages';

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

  it('takes null for a missing value, and an empty choice for no choice', () => {
    expect(messages({ datum: null, grund: null, vorname: null })).toMatchObject({
      datum: 'Bitte geben Sie das Lieferende an.',
      grund: 'Bitte wählen Sie den Kündigungsgrund.',
      vorname: 'Bitte geben Sie den Vornamen an.',
    });
    expect(messages({ grund: '' })).toMatchObject({
      grund: 'Bitte wählen Sie den Kündigungsgrund.',
    });
  });

  const messageOf = (schema: z.ZodType, input: unknown) =>
    schema.safeParse(input).error!.issues.map((issue) => issue.message);

  it('asks for a text or a list left empty, instead of counting its characters', () => {
    expect(messageOf(z.object({ text: z.string().min(1) }), { text: '' })).toEqual([
      'Bitte geben Sie den Text an.',
    ]);
    expect(messageOf(z.object({ years: z.array(z.number()).min(1) }), { years: [] })).toEqual([
      'Bitte geben Sie die Jahreszahl an.',
    ]);
  });

  it('names the bounds of a number', () => {
    const Id = z.object({ id: z.number().min(1).max(2_147_483_647) });
    expect(messageOf(Id, { id: 0 })).toEqual(['Die Nummer darf nicht kleiner als 1 sein.']);
    expect(messageOf(Id, { id: 2_147_483_648 })).toEqual([
      'Die Nummer darf nicht größer als 2147483647 sein.',
    ]);
  });

  it('says a field is built wrongly where no type or format has a German name', () => {
    expect(messageOf(z.object({ postfach: z.object({}) }), { postfach: 'Fach 12' })).toEqual([
      'Das Postfach fehlt oder ist falsch aufgebaut.',
    ]);
    expect(messageOf(z.object({ iban: z.string().regex(/^DE/) }), { iban: 'AT61' })).toEqual([
      'Die IBAN hat kein gültiges Format.',
    ]);
  });

  it('names the innermost field it knows, and a field it does not know as „die Angabe“', () => {
    const Box = z.object({ postfach: z.object({ postleitzahl: z.string() }) });
    expect(messageOf(Box, { postfach: {} })).toEqual(['Bitte geben Sie die Postleitzahl an.']);
    expect(messageOf(z.object({ zusatz: z.string() }), {})).toEqual([
      'Bitte geben Sie die Angabe an.',
    ]);
    expect(messageOf(z.object({ zusatz: z.string().min(3) }), { zusatz: 'a' })).toEqual([
      'Die Angabe muss mindestens 3 Zeichen lang sein.',
    ]);
  });

  it('names the fields a call does not take', () => {
    expect(messageOf(z.strictObject({ text: z.string() }), { text: 'a', b: 1, c: 2 })).toEqual([
      'Die Angabe „b“, „c“ ist hier nicht vorgesehen.',
    ]);
  });

  it.each([
    [z.object({ iban: z.string().refine(() => false) }), { iban: 'DE' }, 'Die IBAN ist ungültig.'],
    [
      z.object({ ablesewerte: z.number().multipleOf(0.5) }),
      { ablesewerte: 0.3 },
      'Der Zählerstand ist ungültig.',
    ],
    [
      z.object({ von: z.union([z.number(), z.date()]) }),
      { von: true },
      'Der Beginn des Zeitraums ist ungültig.',
    ],
    [
      z.object({ ablesewerte: z.record(z.string().min(2), z.number()) }),
      { ablesewerte: { a: 1 } },
      'Der Zählerstand ist ungültig.',
    ],
  ])('calls any other broken rule invalid, naming the field: %#', (schema, input, message) => {
    expect(messageOf(schema, input)).toEqual([message]);
  });

  it('calls a wrong element of a map invalid too', () => {
    expect(
      germanIssueMessage({
        code: 'invalid_element',
        origin: 'map',
        key: 'a',
        issues: [],
        input: new Map(),
        path: ['years'],
      }),
    ).toBe('Die Jahreszahl ist ungültig.');
  });

  it('keeps a message the schema brings itself', () => {
    const Own = z.object({ betreff: z.enum(['A'], { message: 'Vor dem Senden …' }) });
    expect(Own.safeParse({ betreff: 'B' }).error!.issues[0]!.message).toBe('Vor dem Senden …');
  });
});
