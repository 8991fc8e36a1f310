import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ApiError } from '@kundenportal/contract';

/**
 * Serves the built web app. Every path that is not a file and not under /api answers
 * index.html, so that the app's router handles each spec route (history fallback).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const hasApp = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        const hashed = path.includes(`${join(webDist, 'assets')}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      hasApp &&
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api';
    if (isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ message: 'Nicht gefunden.' } satisfies ApiError);
  });
}
