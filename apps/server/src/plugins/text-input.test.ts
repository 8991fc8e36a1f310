import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fieldWithUnusableText, rejectUnusableText } from './text-input';

describe('fieldWithUnusableText', () => {
  it('lets through what customers type, odd as it may be', () => {
    const body = {
      name: 'Mu\u0308ller \u202Eredlam\u202C \u200F👩‍👩‍👧',
      text: 'Zeile 1\r\nZeile 2\tEnde',
      liste: ['€', { tief: 'ß' }],
    };
    expect(fieldWithUnusableText(body)).toBeUndefined();
    expect(fieldWithUnusableText(undefined)).toBeUndefined();
  });

  it.each([
    ['NUL', '\u0000'],
    ['a control character', '\u001B'],
    ['DEL', '\u007F'],
    ['a C1 control character', '\u0085'],
    ['a lone high surrogate', 'a\uD83D'],
    ['a lone low surrogate', '\uDC69b'],
    ['surrogates in the wrong order', '\uDC69\uD83D'],
  ])('names the top-level field of %s', (_name, text) => {
    expect(fieldWithUnusableText({ ok: 'x', feld: { tiefer: [text] } })).toBe('feld');
    expect(fieldWithUnusableText({ [`schl${text}ssel`]: 1 })).toBe(`schl${text}ssel`);
    expect(fieldWithUnusableText(text)).toBe('eingabe');
  });

  it('walks a body nested 100 000 deep without running out of stack', () => {
    const deep: unknown = JSON.parse(`{"a":${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}}`);
    expect(fieldWithUnusableText(deep)).toBe('a');
  });

  it('leaves a body that is still a stream to the route that reads it', async () => {
    // A Readable's own objects are no text; a request's stream leads to its socket and server.
    const stream = Readable.from(['Zeitstempel;Wert\n']);
    const request = { body: stream, query: {}, routeOptions: { config: {} } };
    const check = (checked: object) =>
      new Promise((resolve, reject) =>
        rejectUnusableText(checked as FastifyRequest, {} as FastifyReply, (error) =>
          error ? reject(error) : resolve(undefined),
        ),
      );
    await expect(check(request)).resolves.toBeUndefined();
    const query = { ...request, query: { nach: 'a\u0000' } };
    await expect(check(query)).rejects.toThrow(
      'Die Eingabe enthält Zeichen, die nicht erlaubt sind',
    );
  });
});
