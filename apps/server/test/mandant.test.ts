import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMandant, MANDANTEN_DIR, passwordResetUrlOf, readEnv } from '../src/config';
import { backends, makeWebDist, startTestServer, type TestServer } from './harness';

describe('variant files', () => {
  it('ships standard and kuestenwerk, both valid', () => {
    expect(loadMandant('standard').kundennummerPraefix).toBe('');
    const kuestenwerk = loadMandant('kuestenwerk');
    expect(kuestenwerk).toMatchObject({
      name: 'Küstenwerk Energie',
      kundennummerPraefix: 'KW-',
      anmeldung: { kopfzeile: true, fusszeile: true, navigation: true },
    });
    expect(kuestenwerk.nutzungsbedingungenUrl).not.toBeNull();
    expect(kuestenwerk.globaleMeldung?.id).toBeTruthy();
  });

  it('refuses a malformed file with a message naming the file and each field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-mandant-'));
    const good = JSON.parse(readFileSync(join(MANDANTEN_DIR, 'standard.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const withoutService = { ...good };
    delete withoutService.serviceEmail;
    writeFileSync(
      join(dir, 'kaputt.json'),
      JSON.stringify({
        ...withoutService,
        diagrammFarben: { ...(good.diagrammFarben as object), kosten: 'grün' },
      }),
    );
    expect(() => loadMandant('kaputt', dir)).toThrow(/kaputt\.json ist ungültig/);
    expect(() => loadMandant('kaputt', dir)).toThrow(/diagrammFarben\.kosten: Eine Farbe/);
    expect(() => loadMandant('kaputt', dir)).toThrow(/serviceEmail: /);

    writeFileSync(join(dir, 'halb.json'), '{ "name": ');
    expect(() => loadMandant('halb', dir)).toThrow(/halb\.json kann nicht gelesen werden/);
  });

  it('puts a relative reset page under the public address, never under a request host', () => {
    const standard = loadMandant('standard');
    expect(passwordResetUrlOf(standard, 'https://portal.example.de')).toBe(
      'https://portal.example.de/passwort/erneuern',
    );
    expect(
      passwordResetUrlOf(
        { ...standard, passwortResetBasisUrl: 'https://kunden.example/reset' },
        'https://portal.example.de',
      ),
    ).toBe('https://kunden.example/reset');
    expect(readEnv({ PORT: '9000' }).config.passwordResetUrl).toBe(
      'http://localhost:9000/passwort/erneuern',
    );
    expect(
      readEnv({ MANDANT: 'kuestenwerk', PUBLIC_URL: 'https://kw.example' }).config.passwordResetUrl,
    ).toBe('https://kw.example/passwort/erneuern');
  });
});

describe.each(backends)('the variant in force on %s', (backend) => {
  const PUBLIC_URL = 'https://kw.example';
  const RESET_URL = 'https://kw.example/passwort/erneuern';
  let server: TestServer;
  beforeAll(async () => {
    const { config } = readEnv({ MANDANT: 'kuestenwerk', PUBLIC_URL, SESSION_MAX_HOURS: '8' });
    server = await startTestServer(backend, {
      mandant: config.mandant,
      passwordResetUrl: config.passwordResetUrl,
      sessionMaxLifetimeSeconds: config.sessionMaxLifetimeSeconds,
      webDist: makeWebDist(),
    });
  });
  afterAll(() => server.close());

  it('is what GET /api/mandant answers, for the web app to read at load', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/mandant' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...loadMandant('kuestenwerk'),
      passwortResetUrl: RESET_URL,
      // What the app keeps on a device is forgotten after the session's maximum.
      sitzungHoechstdauerStunden: 8,
    });
  });

  it('carries the reset page resolved against PUBLIC_URL, in the page as by the API', async () => {
    // Asked for under another host name: the variant's data never depends on Host.
    const host = { host: '127.0.0.1:8080' };
    const page = await server.app.inject({ method: 'GET', url: '/anmelden', headers: host });
    const written = /<script id="mandant" type="application\/json">(.*?)<\/script>/.exec(
      page.body,
    )?.[1];
    expect(JSON.parse(written ?? 'null')).toMatchObject({ passwortResetUrl: RESET_URL });
    const api = await server.app.inject({ method: 'GET', url: '/api/mandant', headers: host });
    expect(api.json()).toMatchObject({ passwortResetUrl: RESET_URL });

    // It is the one basisUrl the server takes: the request passes that check (the number is
    // unknown, so it ends in 404, not 400).
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/passwort_reset',
      headers: { ...host, kundennummer: '99999', basisUrl: RESET_URL },
    });
    expect(reset.statusCode).toBe(404);
  });
});
