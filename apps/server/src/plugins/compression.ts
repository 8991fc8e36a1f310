import compress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * JSON answers over 1 kB compressed, brotli else gzip. Brotli at quality 2: a year of hourly
 * history (1.1 MB of JSON) compresses in half the time of quality 4 to a text 2 % larger
 * (measured: 6 ms for 144 kB against 13 ms for 142 kB); stronger settings cost more time per
 * request than they save on a phone's connection.
 *
 * A window of 64 kB instead of brotli's 4 MB: each answer in compression holds its window's
 * buffer, and 50 year-long histories compressed at once for 5 s left 170 MiB of them resident
 * (measured), 64 kB left 25 MiB. JSON repeats itself within a few rows: the year compresses
 * as fast and to 139 kB instead of 143 kB.
 */
export const COMPRESSION = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as const,
  brotliOptions: {
    params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_LGWIN]: 16 },
  },
  zlibOptions: { level: 6 },
};

export async function registerCompression(api: FastifyInstance) {
  await api.register(compress, { ...COMPRESSION, encodings: [...COMPRESSION.encodings] });
}

type Encoding = (typeof COMPRESSION.encodings)[number];

/** The weight of each encoding the Accept-Encoding names. */
function encodingWeights(header: string) {
  return new Map(
    header.split(',').map((part) => {
      const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
      const q = parameters.find((parameter) => parameter.startsWith('q='));
      return [name.toLowerCase(), q ? Number(q.slice(2)) : 1] as const;
    }),
  );
}

/** The encoding the compression would choose for this Accept-Encoding, in its order. */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = encodingWeights(header);
  return COMPRESSION.encodings.find(
    (encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0,
  );
}

/** A JSON text compressed as the compression would send it. */
export const compressed = (text: string, encoding: Encoding): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(text, COMPRESSION.brotliOptions)
    : gzipSync(text, COMPRESSION.zlibOptions);

/** Whether gzip may be sent, whatever else the client prefers; never to one that asks for none. */
export function takesGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (!header || request.headers['x-no-compression'] !== undefined) return false;
  const weights = encodingWeights(header);
  return (weights.get('gzip') ?? weights.get('*') ?? 0) > 0;
}
