import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * JSON answers over 1 kB compressed, brotli else gzip. Brotli at quality 4: per request, the
 * strongest settings would cost more time than they save on a phone's connection (a year of
 * hourly history is 1 MB of JSON).
 */
export async function registerCompression(api: FastifyInstance) {
  await api.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
