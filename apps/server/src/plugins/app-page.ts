import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServedMandant } from '@kundenportal/contract';
import { MANIFEST_PATH } from './app-manifest';

/** The id of the element that carries the variant in the page; the web app reads it there. */
const MANDANT_ELEMENT_ID = 'mandant';

/**
 * The built app's index.html with the variant in force written into it, so that the app renders
 * at once instead of asking GET /api/mandant first: one round trip less before a phone shows the
 * login page. The variant is fixed from the server's start, so the page is written and
 * compressed once. A JSON script element is data, never run (the CSP allows no inline script).
 */
export function createAppPage(webDist: string, mandant: ServedMandant) {
  const json = JSON.stringify(mandant).replace(/</g, '\\u003c');
  // The manifest makes the portal installable; the theme colour tints the browser's bar.
  const element =
    `<link rel="manifest" href="${MANIFEST_PATH}">` +
    `<meta name="theme-color" content="${mandant.farben.primaer}">` +
    `<script id="${MANDANT_ELEMENT_ID}" type="application/json">${json}</script>`;
  const built = readFileSync(join(webDist, 'index.html'), 'utf8');
  const html = built.includes('</head>')
    ? built.replace('</head>', `${element}</head>`)
    : `${built}${element}`;
  const identity = Buffer.from(html);
  const bodies = {
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: 9 }),
    identity,
  };

  return function sendAppPage(request: FastifyRequest, reply: FastifyReply) {
    const encoding =
      negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip', 'identity']) ?? 'identity';
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .header('vary', 'accept-encoding')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(bodies[encoding]);
  };
}
