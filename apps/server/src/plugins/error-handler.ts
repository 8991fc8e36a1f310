import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Messages, type ApiError } from '@kundenportal/contract';
import { HttpError } from '../lib/http-error';

export const INVALID_INPUT_MESSAGE =
  'Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.';

const CLIENT_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Die gesendeten Daten sind zu groß.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Die Daten wurden in einem nicht unterstützten Format gesendet.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Es wurden keine Daten gesendet.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Die gesendeten Daten konnten nicht gelesen werden.',
};

/**
 * The database cannot be reached: refused or lost connections, a server shutting down or
 * starting up, no free connection in time. Answered 503, so that a client may try again.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000', // connection_exception
  '08001',
  '08003',
  '08006',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client was closed and is not queryable|Client has encountered a connection error/;

function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in its own, with the driver's as cause.
  for (let current = error, depth = 0; current instanceof Object && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Every error answer is { message, felder? } in German; 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const felder: Record<string, string> = {};
      for (const { instancePath, message } of error.validation) {
        const field =
          instancePath.split('/').filter(Boolean).join('.') || error.validationContext || 'eingabe';
        felder[field] ??= message ?? INVALID_INPUT_MESSAGE;
      }
      // The first problem, as a sentence naming its field; the form shows each at its field.
      const body: ApiError = { message: Object.values(felder)[0] ?? INVALID_INPUT_MESSAGE, felder };
      return reply.code(400).send(body);
    }
    if (error instanceof HttpError) {
      // A refused reading also carries its message as hinweis (spec §7.3).
      const hinweis =
        'hinweis' in error && typeof error.hinweis === 'string' ? error.hinweis : null;
      const body: ApiError & { hinweis?: string } = {
        message: error.message,
        ...(hinweis && { hinweis }),
        ...(error.felder && { felder: error.felder }),
      };
      return reply.code(error.statusCode).send(body);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: Messages.unexpectedTechnicalError } satisfies ApiError);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(status)
        .send({ message: Messages.unexpectedTechnicalError } satisfies ApiError);
    }
    // Fastify's own client errors (bad JSON, too large a body): a German message, not its English one.
    return reply.code(status).send({
      message: CLIENT_ERROR_MESSAGES[error.code] ?? INVALID_INPUT_MESSAGE,
    } satisfies ApiError);
  });
}
