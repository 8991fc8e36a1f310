import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ApiError, ServedMandant } from '@kundenportal/contract';
import { registerAppManifest } from './app-manifest';
import { createAppPage } from './app-page';

/**
 * The operator interface's paths (operator-app.ts, on BETRIEB_PORT alone). Here they answer a
 * plain 404, not the page with its "not found" view: a client sent to the wrong port gets an
 * error, not a 200 of HTML it might take for an answer. No route of the web app starts so.
 */
const OPERATOR_PATHS = /^\/(?:aenderungen|import|openapi\.json|referenz)(?:[/?]|$)/;

/**
 * Serves the built web app. Every path that is not a file and not under /api answers
 * index.html, so that the app's router handles each spec route (history fallback).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
  mandant: ServedMandant,
  publicDir: string,
) {
  const hasApp = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  // Rendered at start where the app is served; a server without the app renders on first ask.
  registerAppManifest(app, { mandant, publicDir, renderAtStart: hasApp });
  const sendAppPage = hasApp ? await createAppPage(webDist, mandant, app.log) : undefined;
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file; nothing is compressed per request.
      preCompressed: true,
      // Hashed names never change and the page is revalidated by its etag: the date says nothing.
      lastModified: false,
      // The page is always the one with the variant written into it (the not-found handler).
      allowedPath: (path) => path !== '/index.html',
      setHeaders(reply, path) {
        const hashed = path.includes(`${join(webDist, 'assets')}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A hashed file is never asked for again, nor in ranges: its etag and accept-ranges are
        // some 60 bytes on each of the page's files over a phone's connection (the page weight).
        if (hashed) reply.removeHeader('etag').removeHeader('accept-ranges');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // An asset that does not exist is a 404, never the page: a script tag must not get HTML.
    const isPage =
      sendAppPage !== undefined &&
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api' &&
      !request.url.startsWith('/assets/') &&
      !OPERATOR_PATHS.test(request.url);
    if (isPage) return sendAppPage(request, reply);
    return reply.code(404).send({ message: 'Nicht gefunden.' } satisfies ApiError);
  });
}
