import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { Paths } from '@kundenportal/contract';
import type { ServedMandant } from '@kundenportal/contract';
import { MANIFEST_PATH } from './app-manifest';

/** The id of the element that carries the variant in the page; the web app reads it there. */
const MANDANT_ELEMENT_ID = 'mandant';

/** The login page as the web app's server renderer draws it (apps/web/src/prerender.tsx). */
interface PrerenderedPage {
  head: string;
  body: string;
}

/**
 * The login page prerendered for the variant, by the renderer the web build wrote beside the
 * app (`dist-prerender/` next to `dist/`). Without it (a build without the renderer) or when it
 * fails, the page is sent without, and the app draws it as before.
 */
async function prerenderLoginPage(
  webDist: string,
  mandant: ServedMandant,
  log: FastifyBaseLogger,
): Promise<PrerenderedPage | undefined> {
  const renderer = join(dirname(webDist), 'dist-prerender', 'prerender.js');
  if (!existsSync(renderer)) return undefined;
  try {
    const module = (await import(pathToFileURL(renderer).href)) as {
      prerenderLoginPage(variant: ServedMandant): Promise<PrerenderedPage>;
    };
    return await module.prerenderLoginPage(mandant);
  } catch (error) {
    log.warn({ err: error }, 'Anmeldeseite nicht vorab gezeichnet: die App zeichnet sie selbst');
    return undefined;
  }
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Written by the web build beside index.html (apps/web/vite-plugins/route-preloads.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * Per route of the app, the links that name the files its screen loads beyond the entry, and
 * the addresses it answers (`/vertrag/$id/detail` is /vertrag/<anything but a slash>/detail).
 * A style sheet is linked as one; a script as `modulepreload`, at low priority as the entry's
 * own, so that nothing stands before the page's first paint.
 */
function routePreloadLinks(webDist: string) {
  const file = join(webDist, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return [];
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return Object.entries(preloads).map(([pattern, files]) => ({
    address: new RegExp(
      `^${pattern
        .split('/')
        .map((segment) => (segment.startsWith('$') ? '[^/]+' : escapeRegExp(segment)))
        .join('/')}$`,
    ),
    links: files
      .map((href) =>
        href.endsWith('.css')
          ? `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`
          : `<link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeAttribute(href)}">`,
      )
      .join(''),
  }));
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A page's bytes, compressed once as the web build compresses its files. */
function compressedOnce(html: string) {
  const identity = Buffer.from(html);
  return {
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: 9 }),
    identity,
  };
}

/**
 * The built app's index.html with the variant in force written into it, so that the app renders
 * at once instead of asking GET /api/mandant first: one round trip less before a phone shows the
 * login page. The variant is fixed from the server's start, so the page is written and
 * compressed once. A JSON script element is data, never run (the CSP allows no inline script).
 * Its colours are on the root element, so that the page paints in them before the app runs.
 *
 * At /anmelden the page carries the login screen itself, prerendered with React's server
 * renderer at start: it paints from the HTML, and the app hydrates it (apps/web/src/main.tsx).
 */
export async function createAppPage(
  webDist: string,
  mandant: ServedMandant,
  log: FastifyBaseLogger,
) {
  const json = JSON.stringify(mandant).replace(/</g, '\\u003c');
  // The manifest makes the portal installable; the theme colour tints the browser's bar.
  const element =
    `<link rel="manifest" href="${MANIFEST_PATH}">` +
    `<meta name="theme-color" content="${mandant.farben.primaer}">` +
    `<script id="${MANDANT_ELEMENT_ID}" type="application/json">${json}</script>`;
  const colours = escapeAttribute(
    `--brand:${mandant.farben.primaer};--brand-dark:${mandant.farben.primaerDunkel}`,
  );
  const built = readFileSync(join(webDist, 'index.html'), 'utf8').replace(
    '<html lang="de">',
    `<html lang="de" style="${colours}">`,
  );
  const page = (head: string, app: string) => {
    const withHead = built.includes('</head>')
      ? built.replace('</head>', `${element}${head}</head>`)
      : `${built}${element}${head}`;
    return withHead.replace('<div id="app"></div>', `<div id="app">${app}</div>`);
  };
  const bodies = compressedOnce(page('', ''));
  const login = await prerenderLoginPage(webDist, mandant, log);
  const loginBodies = login ? compressedOnce(page(login.head, login.body)) : bodies;
  // A screen's page names its files, so that the browser fetches them as it reads the page and
  // the app appends no link of its own on the page's thread (docs/decisions/028-a-page-names-its-screen-files.md); each
  // compressed at its first request, not all at start.
  const routes = routePreloadLinks(webDist).map(({ address, links }) => {
    let compressed: ReturnType<typeof compressedOnce> | undefined;
    return { address, bodies: () => (compressed ??= compressedOnce(page(links, ''))) };
  });
  const bodiesFor = (path: string) => {
    if (path === Paths.login) return loginBodies;
    return routes.find((route) => route.address.test(path))?.bodies() ?? bodies;
  };

  return function sendAppPage(request: FastifyRequest, reply: FastifyReply) {
    const encoding =
      negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip', 'identity']) ?? 'identity';
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    const path = request.url.split('?', 1)[0];
    return reply
      .header('vary', 'accept-encoding')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(bodiesFor(path ?? '')[encoding]);
  };
}
