import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, makeWebDist, startTestServer, type TestServer } from './harness';

describe.each(backends)('platform on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { webDist: makeWebDist() });
    server.app.get('/api/test/kaputt', () => {
      throw new Error('interne Einzelheiten');
    });
  });
  afterAll(() => server.close());

  it('answers the health check', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it.each(['/', '/anmelden', '/vertraege', '/vertrag/5000001/detail', '/aendere/passwort'])(
    'answers the web app for %s',
    async (url) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<title>Kundenportal</title>');
    },
  );

  it('writes the variant into the page, compressed once, as the web app reads it', async () => {
    const page = (encoding: string) =>
      server.app.inject({
        method: 'GET',
        url: '/anmelden',
        headers: { 'accept-encoding': encoding },
      });
    const plain = await page('identity');
    const written = /<script id="mandant" type="application\/json">(.*?)<\/script>/.exec(
      plain.body,
    );
    expect(written?.[1]).toBeDefined();
    expect(written![1]).not.toContain('<');
    expect(JSON.parse(written![1]!)).toEqual({
      ...server.config.mandant,
      passwortResetUrl: server.config.passwordResetUrl,
      sitzungHoechstdauerStunden: server.config.sessionMaxLifetimeSeconds / 3600,
    });

    const br = await page('gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await page('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown API path with a German 404', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/gibt-es-nicht' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Nicht gefunden.' });
  });

  it('hides the internals of a 5xx behind the message of spec §8.1', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/test/kaputt' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message:
        'Es ist ein unerwarteter technischer Fehler aufgetreten, bitte kontaktieren Sie den Kundenservice.',
    });
    expect(response.body).not.toContain('Einzelheiten');
  });
});

describe('a web app on another origin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { corsOrigins: ['https://portal.example.de'] });
  });
  afterAll(() => server.close());

  it('may send the spec headers and read token and ttl', async () => {
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/anschlussnutzer/login',
      headers: {
        origin: 'https://portal.example.de',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'kundennummer,passwort',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://portal.example.de');
    expect(preflight.headers['access-control-allow-headers']).toContain('passwort');

    const login = await server.app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/login',
      headers: {
        origin: 'https://portal.example.de',
        kundennummer: '10001',
        passwort: 'Demo-2026!',
      },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['access-control-expose-headers']).toBe('token, ttl, content-disposition');
  });

  it('does not let another origin in', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
