import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * The answer schema of a route that sends a stored file: its bytes in one of `types`. Fastify
 * serializes no bytes; the schema describes the answer in the API document.
 */
export const fileAnswerSchema = (description: string, types: readonly string[]) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: z.file().mime(type) }])),
});

/** RFC 6266: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * A customer's stored file as the answer: its own type, its name, never cached by anyone but the
 * customer's browser, and nothing in it run should a browser ever render it as a page.
 */
export function sendFile(
  reply: FastifyReply,
  file: { contentType: string; filename: string; bytes: Buffer },
  kind: 'attachment' | 'inline' = 'attachment',
) {
  return reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition(kind, file.filename))
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.bytes);
}
