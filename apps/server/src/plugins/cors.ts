import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * Only where the web runs on another origin than the API (CORS_ORIGINS). The web must read
 * token and ttl, and send the spec's own headers (docs/decisions/003-passwords-in-headers.md).
 */
export async function registerCors(app: FastifyInstance, origins: string[]) {
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: origins,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: [
      'content-type',
      'token',
      'kundennummer',
      'passwort',
      'basisUrl',
      'neuesPasswort',
    ],
    exposedHeaders: ['token', 'ttl', 'content-disposition'],
    maxAge: 600,
  });
}
