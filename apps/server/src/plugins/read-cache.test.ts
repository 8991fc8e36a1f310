import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { registerCompression } from './compression';
import { createReadCache, MAX_AGE_MS } from './read-cache';
import type { RequestSession } from './session';

const owner = (customerId: number, answerVersion = '0') => ({ customerId, answerVersion });

/** A server with the cache's hooks: GET /read/:customer reads, POST /write/:customer writes. */
async function serverWith(cache: ReturnType<typeof createReadCache>, store: Map<number, string>) {
  const app = Fastify();
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const customer = Number((request.params as { customer?: string }).customer);
    // The cache reads only whose the session is.
    if (customer) request.session = { customerId: customer } as RequestSession;
  });
  cache.register(app);
  app.get<{ Params: { customer: string } }>('/read/:customer', (request) => {
    const customerId = Number(request.params.customer);
    return cache.read(owner(customerId), 'value', async () => store.get(customerId));
  });
  // A route's own JSON answer, with and without a query, and one that must never be kept.
  app.get<{ Params: { customer: string } }>('/answer/:customer', (request, reply) => {
    const value = store.get(Number(request.params.customer));
    return value === undefined ? reply.code(404).send({ message: 'fehlt' }) : { value };
  });
  app.get<{ Params: { customer: string } }>(
    '/renew/:customer',
    { config: { keepAnswer: false } },
    (request) => ({ value: store.get(Number(request.params.customer)) }),
  );
  app.get<{ Params: { customer: string } }>(
    '/window/:customer',
    { config: { keepAnswer: 'withQuery' } },
    (request) => ({ value: store.get(Number(request.params.customer)), url: request.url }),
  );
  app.post<{ Params: { customer: string } }>('/write/:customer', async (request) => {
    store.set(Number(request.params.customer), 'neu');
    return 'ok';
  });
  app.post('/anonymous-write', async () => {
    for (const key of store.keys()) store.set(key, 'zurückgesetzt');
    return 'ok';
  });
  await app.ready();
  return app;
}

describe('the read cache', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a read until the customer writes, and forgets it before the write is answered', async () => {
    const store = new Map([[1, 'alt']]);
    const app = await serverWith(createReadCache(), store);
    expect((await app.inject('/read/1')).body).toBe('alt');
    store.set(1, 'geändert ohne Anfrage');
    expect((await app.inject('/read/1')).body).toBe('alt');
    await app.inject({ method: 'POST', url: '/write/1' });
    expect((await app.inject('/read/1')).body).toBe('neu');
  });

  it('forgets only the writer’s entries, and everyone’s on a write without a session', async () => {
    const store = new Map([
      [1, 'eins'],
      [2, 'zwei'],
    ]);
    const app = await serverWith(createReadCache(), store);
    await app.inject('/read/1');
    await app.inject('/read/2');
    await app.inject({ method: 'POST', url: '/write/1' });
    expect((await app.inject('/read/2')).body).toBe('zwei');
    await app.inject({ method: 'POST', url: '/anonymous-write' });
    expect((await app.inject('/read/1')).body).toBe('zurückgesetzt');
    expect((await app.inject('/read/2')).body).toBe('zurückgesetzt');
  });

  it('does not keep a read that overlapped a write', async () => {
    const cache = createReadCache();
    const app = await serverWith(cache, new Map());
    let finishLoad!: (value: string) => void;
    const slowRead = cache.read(
      owner(7),
      'value',
      () => new Promise<string>((r) => (finishLoad = r)),
    );
    await app.inject({ method: 'POST', url: '/write/1' });
    finishLoad('vor dem Schreiben gelesen');
    await slowRead;
    const load = vi.fn(async () => 'frisch');
    expect(await cache.read(owner(7), 'value', load)).toBe('frisch');
    expect(load).toHaveBeenCalledOnce();
  });

  it('keeps the JSON text of a GET without a query per customer and URL, until a write', async () => {
    const store = new Map([
      [1, 'alt'],
      [2, 'zwei'],
    ]);
    const app = await serverWith(createReadCache(), store);
    const answer = async (url: string) => (await app.inject(url)).json<{ value: string }>().value;
    expect(await answer('/answer/1')).toBe('alt');
    expect(await answer('/answer/2')).toBe('zwei');
    store.set(1, 'geändert ohne Anfrage');
    const kept = await app.inject('/answer/1');
    expect(kept.json()).toEqual({ value: 'alt' });
    expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
    // With a query, or where the route says so, every call reads anew.
    expect(await answer('/answer/1?mal=2')).toBe('geändert ohne Anfrage');
    expect(await answer('/renew/1')).toBe('geändert ohne Anfrage');
    await app.inject({ method: 'POST', url: '/write/1' });
    expect(await answer('/answer/1')).toBe('neu');
  });

  it('keeps the answer per query where the route says its query only narrows the read', async () => {
    const store = new Map([[1, 'alt']]);
    const app = await serverWith(createReadCache(), store);
    const answer = async (url: string) => (await app.inject(url)).json<{ value: string }>().value;
    expect(await answer('/window/1?von=1')).toBe('alt');
    store.set(1, 'geändert ohne Anfrage');
    expect(await answer('/window/1?von=1')).toBe('alt');
    expect(await answer('/window/1?von=2')).toBe('geändert ohne Anfrage');
    await app.inject({ method: 'POST', url: '/write/1' });
    expect(await answer('/window/1?von=1')).toBe('neu');
  });

  it('sends a kept answer of a kilobyte or more compressed as the compression would', async () => {
    const cache = createReadCache();
    const app = Fastify();
    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request) => {
      request.session = { customerId: 1 } as RequestSession;
    });
    cache.register(app);
    await registerCompression(app);
    const rows = Array.from({ length: 200 }, (_, index) => ({ zeile: index, text: 'Hauptstraße' }));
    const load = vi.fn(() => rows);
    app.get('/list', load);
    await app.ready();
    const ask = (encoding?: string) =>
      app.inject({ url: '/list', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const first = await ask('br, gzip');
    expect(first.headers['content-encoding']).toBe('br');
    for (const [encoding, decode] of [
      ['br, gzip', brotliDecompressSync],
      ['gzip, deflate', gunzipSync],
      ['br;q=0, gzip', gunzipSync],
    ] as const) {
      const kept = await ask(encoding);
      expect(kept.headers['content-encoding']).toBe(encoding.startsWith('br,') ? 'br' : 'gzip');
      expect(kept.headers.vary).toContain('accept-encoding');
      expect(JSON.parse(decode(kept.rawPayload).toString('utf8'))).toEqual(rows);
    }
    // Plain, the kept text's UTF-8 bytes as they are: ß is two of them.
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(Buffer.from(JSON.stringify(rows)))).toBe(true);
    expect(plain.headers['content-length']).toBe(String(plain.rawPayload.length));
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const refused = await app.inject({
      url: '/list',
      headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(rows);
    expect(load).toHaveBeenCalledOnce();
  });

  it('holds some 64 MiB of answers at most: the least recently asked go first', async () => {
    const megabyte = 'x'.repeat(2 ** 20);
    const store = new Map(Array.from({ length: 40 }, (_, index) => [index + 1, megabyte]));
    const app = await serverWith(createReadCache(), store);
    for (let customer = 1; customer <= 40; customer++) await app.inject(`/answer/${customer}`);
    store.set(1, 'neu gelesen');
    store.set(40, 'noch behalten');
    expect((await app.inject('/answer/1')).json()).toEqual({ value: 'neu gelesen' });
    expect((await app.inject('/answer/40')).json()).toEqual({ value: megabyte });
  });

  it('keeps no refusal: a 404 is asked again', async () => {
    const store = new Map<number, string>();
    const app = await serverWith(createReadCache(), store);
    expect((await app.inject('/answer/3')).statusCode).toBe(404);
    store.set(3, 'jetzt da');
    expect((await app.inject('/answer/3')).json()).toEqual({ value: 'jetzt da' });
  });

  it(`keeps nothing longer than ${MAX_AGE_MS / 1000} s`, async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const cache = createReadCache();
    await cache.read(owner(1), 'value', async () => 'alt');
    vi.advanceTimersByTime(MAX_AGE_MS + 1);
    expect(await cache.read(owner(1), 'value', async () => 'neu')).toBe('neu');
  });

  describe('on a PostgreSQL server, shared with other instances', () => {
    /** The answer versions as the database holds them, read with each session. */
    function sharedServer(store: Map<number, string>) {
      const versions = new Map<number | undefined, number>();
      const counted: (number | undefined)[] = [];
      const cache = createReadCache({
        async countChange(customerId) {
          counted.push(customerId);
          versions.set(customerId, (versions.get(customerId) ?? 0) + 1);
        },
      });
      const app = Fastify();
      app.decorateRequest('session', null);
      app.addHook('onRequest', async (request) => {
        const customerId = Number((request.params as { customer?: string }).customer);
        if (!customerId) return;
        const version = (versions.get(customerId) ?? 0) + (versions.get(undefined) ?? 0);
        request.session = { customerId, answerVersion: String(version) } as RequestSession;
      });
      cache.register(app);
      app.get<{ Params: { customer: string } }>('/answer/:customer', (request) => ({
        value: store.get(Number(request.params.customer)),
      }));
      app.post<{ Params: { customer: string } }>('/write/:customer', async (request) => {
        store.set(Number(request.params.customer), 'neu');
        return 'ok';
      });
      app.post<{ Params: { customer: string } }>('/refused/:customer', (_request, reply) =>
        reply.code(400).send({ message: 'abgelehnt' }),
      );
      app.post('/login', { config: { changesAnswers: false } }, async () => 'ok');
      app.post('/anonymous-write', async () => 'ok');
      return { app, cache, versions, counted };
    }
    const valueOf = async (app: FastifyInstance, url: string) =>
      (await app.inject(url)).json<{ value: string }>().value;

    it('keeps no session, so a logout anywhere counts, and a row only under its version', async () => {
      const { cache } = sharedServer(new Map());
      await cache.read(owner(1), 'value', async () => 'alt');
      expect(await cache.read(owner(1), 'value', async () => 'neu')).toBe('alt');
      expect(await cache.read(owner(1, '1'), 'value', async () => 'neu')).toBe('neu');
      await cache.session('hash', async () => ({ customerId: 1 }));
      const load = vi.fn(async () => ({ customerId: 1 }));
      await cache.session('hash', load);
      expect(load).toHaveBeenCalledOnce();
    });

    it('sends a kept answer only under the version it was read with: a write elsewhere ends it', async () => {
      const store = new Map([[1, 'alt']]);
      const { app, versions } = sharedServer(store);
      expect(await valueOf(app, '/answer/1')).toBe('alt');
      store.set(1, 'auf einer anderen Instanz geändert');
      expect(await valueOf(app, '/answer/1')).toBe('alt');
      // The other instance's write counted its change in the database.
      versions.set(1, 1);
      expect(await valueOf(app, '/answer/1')).toBe('auf einer anderen Instanz geändert');
      store.set(1, 'ohne Anfrage geändert');
      versions.set(undefined, 1);
      expect(await valueOf(app, '/answer/1')).toBe('ohne Anfrage geändert');
    });

    it('counts each answered write once: the customer’s, or everyone’s without a session', async () => {
      const store = new Map([[1, 'alt']]);
      const { app, counted } = sharedServer(store);
      expect(await valueOf(app, '/answer/1')).toBe('alt');
      await app.inject({ method: 'POST', url: '/write/1' });
      expect(await valueOf(app, '/answer/1')).toBe('neu');
      await app.inject({ method: 'POST', url: '/refused/1' });
      await app.inject({ method: 'POST', url: '/login' });
      await app.inject({ method: 'POST', url: '/anonymous-write' });
      expect(counted).toEqual([1, undefined]);
    });
  });
});
