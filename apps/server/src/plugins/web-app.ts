import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ApiError, Mandant } from '@kundenportal/contract';
import { createAppPage } from './app-page';

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'last-modified',
];

/**
 * Serves the built web app. Every path that is not a file and not under /api answers
 * index.html, so that the app's router handles each spec route (history fallback).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
  mandant: Mandant,
) {
  const hasApp = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  const sendAppPage = hasApp ? createAppPage(webDist, mandant) : undefined;
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file; nothing is compressed per request.
      preCompressed: true,
      setHeaders(res, path) {
        const hashed = path.includes(`${join(webDist, 'assets')}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // A script or style sheet is no document: the page's headers (CSP, framing, HSTS…) do nothing
  // for it but cost a kilobyte on each of the dozen files a page loads over a phone's connection.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/assets/')) return;
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
  });
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      sendAppPage !== undefined &&
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api';
    if (isPage) return sendAppPage(request, reply);
    return reply.code(404).send({ message: 'Nicht gefunden.' } satisfies ApiError);
  });
}
