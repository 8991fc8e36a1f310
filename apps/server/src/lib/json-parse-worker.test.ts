import { afterEach, describe, expect, it } from 'vitest';
import {
  createJsonParseWorker,
  UnreadableJsonError,
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
