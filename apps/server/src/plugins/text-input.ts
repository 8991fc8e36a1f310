import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Top-level body fields that carry bytes as base64, left out of the text check: their schema
     * admits the base64 alphabet alone, and a photo's megabytes would be searched twice.
     */
    base64Fields?: readonly string[];
  }
}

const UNUSABLE_CHARACTER_MESSAGE =
  'Die Eingabe enthält Zeichen, die nicht erlaubt sind, etwa Steuerzeichen.';

/**
 * NUL (PostgreSQL cannot store it), control characters other than tab and line breaks (nothing
 * a customer types; they would reach mails and PDFs), and unpaired surrogates (no Unicode at
 * all: the database driver would store U+FFFD in their place, not what was sent).
 */
const UNUSABLE =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The top-level field of the first text (value or key) that holds an unusable character, or
 * undefined. Iterative: a body nested 100 000 deep must not overflow the stack.
 */
export function fieldWithUnusableText(input: unknown): string | undefined {
  const pending: { value: unknown; field: string }[] = [{ value: input, field: 'eingabe' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, field } = next;
    if (typeof value === 'string') {
      if (UNUSABLE.test(value)) return field;
    } else if (typeof value === 'object' && value !== null) {
      const top = value === input;
      for (const [key, child] of Object.entries(value)) {
        const childField = top ? key : field;
        if (UNUSABLE.test(key)) return childField;
        pending.push({ value: child, field: childField });
      }
    }
  }
  return undefined;
}

/**
 * The body's text to check. A body left as its stream (the operator's time-series import reads
 * it itself, as it arrives, and takes only timestamps and numbers from it) is no parsed text:
 * walking the request stream's objects (socket, server …) never ended and ran out of memory.
 */
function textOf(request: FastifyRequest): unknown {
  const { body } = request;
  if (body instanceof Readable) return undefined;
  const base64Fields = request.routeOptions.config.base64Fields;
  if (!base64Fields || typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !base64Fields.includes(key)));
}

/**
 * preValidation hook of the API: the body and the query hold text only, before any schema or
 * service sees them. Headers carry bytes (docs/decisions/003-passwords-in-headers.md) and are left alone.
 */
export function rejectUnusableText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
) {
  const field = fieldWithUnusableText(textOf(request)) ?? fieldWithUnusableText(request.query);
  if (field === undefined) return done();
  done(new HttpError(400, UNUSABLE_CHARACTER_MESSAGE, { [field]: UNUSABLE_CHARACTER_MESSAGE }));
}
