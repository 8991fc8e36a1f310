import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError, Mandant } from '@kundenportal/contract';

export const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * The home screen icons a browser asks for to install the app: 192 and 512 px with the symbol
 * filling most of the square, and a maskable one whose symbol keeps inside the safe zone (the
 * inner circle of 80 % a launcher's mask may leave) on a background that fills the whole square.
 */
const ICONS = [
  { size: 192, share: 0.8, purpose: 'any' },
  { size: 512, share: 0.8, purpose: 'any' },
  { size: 512, share: 0.5, purpose: 'maskable' },
] as const;

interface AppIcon {
  path: string;
  size: number;
  purpose: string;
  png: Buffer;
  etag: string;
}

const etagOf = (body: Buffer | string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

async function renderIcons(mandant: Mandant, publicDir: string): Promise<AppIcon[]> {
  const url = mandant.app.symbolUrl;
  const file = resolve(publicDir, `.${url}`);
  if (relative(publicDir, file).startsWith('..'))
    throw new Error(`${url} liegt nicht in der Web-App.`);
  const svg = await readFile(file);
  const [{ renderAsync }, { default: sharp }] = await Promise.all([
    import('@resvg/resvg-js'),
    import('sharp'),
  ]);
  return Promise.all(
    ICONS.map(async ({ size, share, purpose }) => {
      const inner = Math.round(size * share);
      // In libuv's thread pool, not on the event loop; the symbol has no text, so no fonts.
      const symbol = await renderAsync(svg, {
        fitTo: { mode: 'width', value: inner },
        font: { loadSystemFonts: false },
        logLevel: 'off',
      });
      const png = await sharp({
        create: { width: size, height: size, channels: 4, background: mandant.app.hintergrund },
      })
        .composite([{ input: symbol.asPng(), gravity: 'center' }])
        .png()
        .toBuffer();
      const etag = etagOf(png);
      // The content's hash in the name: a new symbol is a new address, so the old one may stay cached.
      const name = `${purpose === 'maskable' ? 'maskable' : 'icon'}-${size}-${etag.slice(1, 11)}`;
      return { path: `/app-icons/${name}.png`, size, purpose, png, etag };
    }),
  );
}

/** The 304 when the client already has this body, else the body with its validator. */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  cacheControl: string,
  send: () => FastifyReply,
) {
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return send();
}

/**
 * The web app manifest of the variant in force (name, short name, colours, icons), served by the
 * server because the variant is chosen at its start (docs/decisions/006-variant-chosen-at-start.md), not at build time.
 * The icons are rendered from the variant's symbol once per process and kept in memory; a symbol
 * that cannot be rendered is logged, and the manifest goes without icons (not installable, but
 * the portal works).
 */
export function registerAppManifest(
  app: FastifyInstance,
  options: { mandant: Mandant; publicDir: string; renderAtStart: boolean },
) {
  const { mandant, publicDir } = options;
  let rendered: Promise<AppIcon[]> | undefined;
  const icons = () =>
    (rendered ??= renderIcons(mandant, publicDir).catch((error: unknown) => {
      app.log.error(
        {
          symbolUrl: mandant.app.symbolUrl,
          err: error instanceof Error ? error.message : String(error),
        },
        'app icons could not be rendered, the manifest goes without them',
      );
      return [];
    }));
  if (options.renderAtStart) void icons();

  app.get(MANIFEST_PATH, async (request, reply) => {
    const manifest = JSON.stringify({
      id: '/',
      name: mandant.name,
      short_name: mandant.kurzname,
      lang: 'de',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: mandant.app.hintergrund,
      theme_color: mandant.farben.primaer,
      icons: (await icons()).map((icon) => ({
        src: icon.path,
        sizes: `${icon.size}x${icon.size}`,
        type: 'image/png',
        purpose: icon.purpose,
      })),
    });
    return sendCached(request, reply, etagOf(manifest), 'no-cache', () =>
      reply.type('application/manifest+json; charset=utf-8').send(manifest),
    );
  });

  app.get<{ Params: { file: string } }>('/app-icons/:file', async (request, reply) => {
    const path = `/app-icons/${request.params.file}`;
    const icon = (await icons()).find((candidate) => candidate.path === path);
    if (!icon) return reply.code(404).send({ message: 'Nicht gefunden.' } satisfies ApiError);
    return sendCached(request, reply, icon.etag, 'public, max-age=31536000, immutable', () =>
      reply.type('image/png').send(icon.png),
    );
  });
}
