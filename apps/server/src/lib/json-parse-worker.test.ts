import { afterEach, describe, expect, it } from 'vitest';
import {
  createJsonParseWorker,
  TooDeepJsonError,
  UnreadableJsonError,
  UnreadableJsonLineError,
  type JsonParseWorker,
} from './json-parse-worker';

const bytesOf = (text: string) => Buffer.from(text, 'utf8');

describe('the JSON parse worker', () => {
  let worker: JsonParseWorker;
  afterEach(() => worker.close());

  it('answers what JSON.parse answers, for a body of megabytes with text beyond ASCII', async () => {
    worker = createJsonParseWorker();
    const body = {
      ablesedatum: '2026-11-27',
      ablesewerte: { '1-1:1.8.0': 16_200.5 },
      hinweis: 'Zähler im Keller, €, 😀',
      foto: 'A'.repeat(3 * 2 ** 20),
    };
    expect(await worker.parse(bytesOf(JSON.stringify(body)))).toEqual(body);
  });

  it('gives each of several parses at once its own answer', async () => {
    worker = createJsonParseWorker();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => worker.parse(bytesOf(JSON.stringify({ i })))),
    );
    expect(answers).toEqual([0, 1, 2, 3, 4].map((i) => ({ i })));
  });

  it('parses a view into a larger buffer, without taking the rest of it', async () => {
    worker = createJsonParseWorker();
    const pool = Buffer.from('xxxx{"a":1}yyyy');
    const view = pool.subarray(4, 11);
    expect(await worker.parse(view)).toEqual({ a: 1 });
    expect(pool.toString()).toBe('xxxx{"a":1}yyyy');
  });

  it('refuses text that is no JSON, and a key that could reach a prototype', async () => {
    worker = createJsonParseWorker();
    await expect(worker.parse(bytesOf('{"foto":"AAA'))).rejects.toBeInstanceOf(UnreadableJsonError);
    await expect(worker.parse(bytesOf('{"__proto__":{"admin":true}}'))).rejects.toBeInstanceOf(
      UnreadableJsonError,
    );
    await expect(
      worker.parse(bytesOf('{"constructor":{"prototype":{"admin":true}}}')),
    ).rejects.toBeInstanceOf(UnreadableJsonError);
    // and goes on parsing after a refusal
    expect(await worker.parse(bytesOf('[1,2]'))).toEqual([1, 2]);
  });

  it('refuses JSON nested deeper than the answer can be copied back, and goes on', async () => {
    // JSON.parse takes any depth; the structured clone of the answer overflowed the worker's
    // stack, which ended the thread and answered the request with a 500 (found by bad-input.test).
    worker = createJsonParseWorker();
    const depth = 100_000;
    const nested = `{"foto":"AAAA","ablesewerte":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    await expect(worker.parse(bytesOf(nested))).rejects.toBeInstanceOf(UnreadableJsonError);
    expect(await worker.parse(bytesOf('{"a":[[1]]}'))).toEqual({ a: [[1]] });
  });

  it('refuses nesting past maxDepth before it parses, brackets in strings not counted', async () => {
    worker = createJsonParseWorker();
    const options = { maxDepth: 3 };
    expect(await worker.parse(bytesOf('[{"a":[1]}]'), options)).toEqual([{ a: [1] }]);
    expect(await worker.parse(bytesOf('[{"a":"[[[{{\\"[["}]'), options)).toEqual([
      { a: '[[[{{"[[' },
    ]);
    const refused = worker.parse(bytesOf(`${'['.repeat(5_000_000)}`), options);
    await expect(refused).rejects.toBeInstanceOf(TooDeepJsonError);
    await expect(refused).rejects.toMatchObject({ line: undefined });
  });

  it('reads NDJSON line by line, naming the line too deep or unreadable', async () => {
    worker = createJsonParseWorker();
    const options = { maxDepth: 2, lines: true };
    expect(await worker.parse(bytesOf('{"a":1}\n\n [2]\r\n'), options)).toEqual([{ a: 1 }, [2]]);
    // An unclosed line does not carry its depth into the next.
    await expect(worker.parse(bytesOf('[[\n[[[1]]]\n'), options)).rejects.toMatchObject({
      constructor: TooDeepJsonError,
      line: 2,
    });
    await expect(worker.parse(bytesOf('{"a":1}\n{"a":\n'), options)).rejects.toEqual(
      new UnreadableJsonLineError(2),
    );
    await expect(
      worker.parse(bytesOf('{"__proto__":{"admin":true}}'), options),
    ).rejects.toBeInstanceOf(UnreadableJsonLineError);
  });

  it('starts its thread again after it was closed', async () => {
    worker = createJsonParseWorker();
    expect(await worker.parse(bytesOf('true'))).toBe(true);
    await worker.close();
    expect(await worker.parse(bytesOf('"wieder"'))).toBe('wieder');
  });

  it('answers a parse sent while the thread before is still ending', async () => {
    worker = createJsonParseWorker();
    expect(await worker.parse(bytesOf('1'))).toBe(1);
    const ending = worker.close();
    const next = worker.parse(bytesOf('2'));
    await ending;
    expect(await next).toBe(2);
  });
});
