import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMandant, readEnv } from '../src/config';
import { backends, makeWebDist, startTestServer, type TestServer } from './harness';

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe.each(backends)('the installable app (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    const { config } = readEnv({ MANDANT: 'kuestenwerk', PUBLIC_URL: 'https://kw.example' });
    server = await startTestServer(backend, {
      mandant: config.mandant,
      passwordResetUrl: config.passwordResetUrl,
      webDist: makeWebDist(),
    });
  });
  afterAll(() => server.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  it("serves the variant's manifest, with its names and colours", async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = response.json<Manifest>();
    const kuestenwerk = loadMandant('kuestenwerk');
    expect(manifest).toMatchObject({
      name: 'Küstenwerk Energie',
      short_name: 'Küstenwerk',
      start_url: '/',
      display: 'standalone',
      theme_color: kuestenwerk.farben.primaer,
      background_color: kuestenwerk.app.hintergrund,
    });
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it('serves each icon as a PNG of its size, cached long and revalidated by its etag', async () => {
    const { icons } = (await get('/manifest.webmanifest')).json<Manifest>();
    for (const icon of icons) {
      const response = await get(icon.src);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const { width, height, format } = await sharp(response.rawPayload).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
      expect(format).toBe('png');
      const etag = String(response.headers.etag);
      const again = await get(icon.src, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it("fills the maskable icon's corners with the background, the symbol inside the safe zone", async () => {
    const { icons } = (await get('/manifest.webmanifest')).json<Manifest>();
    const maskable = icons.find((icon) => icon.purpose === 'maskable')!;
    const png = (await get(maskable.src)).rawPayload;
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [...data.subarray(at, at + 3)].map((c) => c.toString(16).padStart(2, '0')).join('');
    };
    const background = loadMandant('kuestenwerk').app.hintergrund.slice(1);
    expect([pixel(0, 0), pixel(511, 0), pixel(0, 511), pixel(511, 511)]).toEqual(
      Array(4).fill(background),
    );
    // Outside the safe zone's circle (radius 40 %) only background: nothing of the symbol is cut.
    const outside = [];
    for (let y = 0; y < 512; y += 8)
      for (let x = 0; x < 512; x += 8)
        if (Math.hypot(x - 256, y - 256) > 0.4 * 512 && pixel(x, y) !== background)
          outside.push(`${x},${y}`);
    expect(outside).toEqual([]);
    // And the symbol is there.
    expect(pixel(256, 256)).not.toBe(background);
  });

  it('answers an unknown icon with 404, not the page', async () => {
    const response = await get('/app-icons/icon-192-0000000000.png');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Nicht gefunden.' });
  });

  it('links the manifest and the theme colour from the page, and the CSP allows both', async () => {
    const page = await get('/anmelden');
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(page.body).toContain(
      `<meta name="theme-color" content="${loadMandant('kuestenwerk').farben.primaer}">`,
    );
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('revalidates the manifest by its etag', async () => {
    const first = await get('/manifest.webmanifest');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/manifest.webmanifest', {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });
});
