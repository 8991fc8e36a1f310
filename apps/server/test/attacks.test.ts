/**
 * What an attacker on the internet can make the server do without a password: every refusal
 * below is decided from the request's head, before its body is read, and is German.
 */
import { gzipSync } from 'node:zlib';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests } from '../src/db/schema/index';
import { expectGermanError } from './german-messages';
import { makeWebDist, sessionHeaders, startTestServer, type TestServer } from './harness';
import { sendRaw } from './raw-http';

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
/** The head of a logged-in customer's JSON contact request, with the given further lines. */
const contactRequestHead = (session: { token: string; kundennummer: string }, ...lines: string[]) =>
  head([
    'POST /api/anschlussnutzer/kontaktanfrage HTTP/1.1',
    'Host: 127.0.0.1',
    `token: ${session.token}`,
    `kundennummer: ${session.kundennummer}`,
    'Content-Type: application/json',
    ...lines,
  ]);

describe('attacks on the transport', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      webDist: makeWebDist(),
      timeouts: { requestMs: 1_000, headersMs: 1_000, checkIntervalMs: 100 },
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  it('refuses a body on login from its headers, before it has been sent, and reads no more of it', async () => {
    // 8 MB announced, one kilobyte sent: the answer comes while the rest is still unsent, and
    // the server closes the connection rather than read the rest to keep it alive.
    const answer = await sendRaw(
      port,
      head([
        'POST /api/anschlussnutzer/login HTTP/1.1',
        'Host: 127.0.0.1',
        'kundennummer: 10001',
        'passwort: falsch',
        'Content-Type: application/json',
        `Content-Length: ${8 * 1024 * 1024}`,
      ]) + `{"k":"${'x'.repeat(1024)}`,
      { untilClosed: true },
    );
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
    expectGermanError(JSON.parse(answer.body));
  });

  it('keeps the connection of a request whose whole body was read', async () => {
    const session = await sessionHeaders(server.app, '10002');
    const answer = await sendRaw(port, contactRequestHead(session, 'Content-Length: 2') + '{}');
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe('keep-alive');
  });

  it.each(['/api/anschlussnutzer/passwort_reset', '/api/anschlussnutzer/passwort_reset_abschluss'])(
    'refuses a chunked body on %s from its headers',
    async (path) => {
      const answer = await sendRaw(
        port,
        head([
          `POST ${path} HTTP/1.1`,
          'Host: 127.0.0.1',
          'Content-Type: application/json',
          'Transfer-Encoding: chunked',
        ]) + '4000\r\n{"a":1',
      );
      expect(answer.status).toBe(413);
      expectGermanError(JSON.parse(answer.body));
    },
  );

  it('refuses a compressed body with 415 from its headers, behind the session too', async () => {
    const session = await sessionHeaders(server.app, '10002');
    const bomb = gzipSync(Buffer.alloc(14 * 1024 * 1024, ' '));
    const answer = await sendRaw(
      port,
      Buffer.concat([
        Buffer.from(
          contactRequestHead(session, 'Content-Encoding: gzip', `Content-Length: ${bomb.length}`),
        ),
        bomb.subarray(0, 100),
      ]),
    );
    expect(answer.status).toBe(415);
    expect(answer.headers.connection).toBe('close');
    expectGermanError(JSON.parse(answer.body));
  });

  it('keeps JSON bodies small, yet takes a contact request of 5,000 four-byte characters', async () => {
    const session = await sessionHeaders(server.app, '10002');
    const before = (await server.db.select().from(contactRequests)).length;
    const send = (text: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/anschlussnutzer/kontaktanfrage',
        headers: session,
        payload: { betreff: 'SONSTIGES', text },
      });
    const tooLarge = await send('a'.repeat(40 * 1024));
    expect(tooLarge.statusCode).toBe(413);
    expectGermanError(tooLarge.json());
    const longest = await send('⚡'.repeat(20) + '𝄞'.repeat(4980));
    expect(longest.statusCode).toBe(201);
    expect((await server.db.select().from(contactRequests)).length).toBe(before + 1);
  });

  it('takes one photo upload of a session at a time; the next is refused from its headers, a reading without photo is not', async () => {
    const session = await sessionHeaders(server.app, '10001');
    const upload = (length: number, sent: string) =>
      head([
        'POST /api/vertrag/5000001/ablesungen HTTP/1.1',
        'Host: 127.0.0.1',
        `token: ${session.token}`,
        `kundennummer: ${session.kundennummer}`,
        'Content-Type: application/json',
        `Content-Length: ${length}`,
      ]) + sent;
    // The first upload's body stays half sent: it is in flight until its connection closes.
    const first = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => first.once('connect', resolve));
    const firstAnswer = new Promise<string>((resolve) => {
      let text = '';
      first.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      first.once('close', () => resolve(text));
    });
    first.write(upload(2 * 1024 * 1024, `{"foto":"${'A'.repeat(1024)}`));
    // Until the server has taken it in: then a second one of the same session is refused.
    let second = await sendRaw(port, upload(2 * 1024 * 1024, '{"foto":"AAAA'));
    for (let i = 0; i < 50 && second.status !== 429; i++) {
      second = await sendRaw(port, upload(2 * 1024 * 1024, '{"foto":"AAAA'));
    }
    expect(second.status).toBe(429);
    expect(JSON.parse(second.body).message).toBe(
      'Es wird bereits ein Foto von Ihnen übertragen. Bitte warten Sie, bis es angekommen ist, und versuchen Sie es dann erneut.',
    );
    const withoutPhoto = JSON.stringify({
      zaehlernummer: '1ESY1160512345',
      ablesedatum: '2026-03-03',
      ablesewerte: { '1-1:1.8.0': 16000.5 },
    });
    const small = await sendRaw(port, upload(Buffer.byteLength(withoutPhoto), withoutPhoto));
    expect(small.status).not.toBe(429);
    first.destroy();
    await firstAnswer;
    // Its client gone, the upload no longer counts.
    let next = await sendRaw(port, upload(2 * 1024 * 1024, '{"foto":"AAAA'));
    for (let i = 0; i < 50 && next.status === 429; i++) {
      next = await sendRaw(port, upload(2 * 1024 * 1024, '{"foto":"AAAA'));
    }
    expect(next.status).not.toBe(429);
  });

  it('answers a bad escape in the URL in German, without Fastify codes', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/vertrag/%ff' });
    expect(answer.statusCode).toBe(400);
    expectGermanError(answer.json());
    expect(answer.body).not.toMatch(/FST_/);
  });

  it('answers too large headers (431) and an unknown method (400) in German', async () => {
    const large = await sendRaw(
      port,
      head(['GET /api/health HTTP/1.1', 'Host: 127.0.0.1', `x-fill: ${'a'.repeat(20_000)}`]),
    );
    expect(large.status).toBe(431);
    expectGermanError(JSON.parse(large.body));
    const unknown = await sendRaw(port, head(['FROBNICATE / HTTP/1.1', 'Host: 127.0.0.1']));
    expect(unknown.status).toBe(400);
    expectGermanError(JSON.parse(unknown.body));
  });

  it('closes a request whose body does not arrive in time, with a German 408', async () => {
    const session = await sessionHeaders(server.app, '10002');
    const answer = await sendRaw(
      port,
      contactRequestHead(session, 'Content-Length: 100') + '{"betreff":',
    );
    expect(answer.status).toBe(408);
    expectGermanError(JSON.parse(answer.body));
  });

  it('answers an unknown asset 404, never the page', async () => {
    const unknown = await server.app.inject({ method: 'GET', url: '/assets/nichts-1234.js' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).not.toMatch(/html/);
    const known = await server.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(known.statusCode).toBe(200);
    expect(known.headers['content-security-policy']).toBeUndefined();
    // A hashed file is kept for good: no revalidation, no ranges (bytes on every page load).
    expect(known.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(known.headers.etag).toBeUndefined();
    expect(known.headers['accept-ranges']).toBeUndefined();
  });

  it('gives every HTML answer the document headers, /index.html included', async () => {
    const root = await server.app.inject({ method: 'GET', url: '/' });
    const index = await server.app.inject({ method: 'GET', url: '/index.html' });
    for (const page of [root, index]) {
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    // The same page, with the variant written into it.
    expect(index.body).toBe(root.body);
    expect(index.body).toContain('id="mandant"');
  });
});

/** Holds the event loop for `ms` as a request that computes too long would, then lets it turn. */
async function holdTheLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('an overloaded process', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { maxEventLoopDelayMs: 50 });
  });
  afterAll(() => server.close());

  it('turns requests away with 503 and retry-after while its event loop lags', async () => {
    // The loop is held as a request that computes too long would hold it; the guard measures the
    // lag once a second, so each round holds it past one measurement, for a few rounds at most.
    const health = () => server.app.inject({ method: 'GET', url: '/api/health' });
    let answer = await health();
    for (let round = 0; round < 5 && answer.statusCode !== 503; round++) {
      await holdTheLoop(1_200);
      answer = await health();
    }
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({
      message:
        'Es ist ein unerwarteter technischer Fehler aufgetreten, bitte kontaktieren Sie den Kundenservice.',
    });
    // Once the loop is free again, it answers.
    await expect
      .poll(async () => (await health()).statusCode, { timeout: 10_000, interval: 200 })
      .toBe(200);
  });
});

describe('a process whose loop stalls once, for less than the limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { maxEventLoopDelayMs: 3000 });
  });
  afterAll(() => server.close());

  it('answers the requests after each stall', async () => {
    // Each stall holds the loop past a whole measurement (no sample of Node's in it): counted as
    // an endless lag, it turned the requests of the next second away (a clean-clone e2e run).
    const health = () => server.app.inject({ method: 'GET', url: '/api/health' });
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      await holdTheLoop(1_500);
      statuses.push((await health()).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { trustProxy: 1 });
    server.app.get('/api/test/adresse', (request) => ({ adresse: request.ip }));
  });
  afterAll(() => server.close());

  it('believes only the address the proxy added, not what the client wrote before it', async () => {
    const addresses = await Promise.all(
      ['203.0.113.1', '203.0.113.2'].map(async (forged) => {
        const answer = await server.app.inject({
          method: 'GET',
          url: '/api/test/adresse',
          headers: { 'x-forwarded-for': `${forged}, 198.51.100.9` },
        });
        return answer.json<{ adresse: string }>().adresse;
      }),
    );
    expect(addresses).toEqual(['198.51.100.9', '198.51.100.9']);
  });
});
