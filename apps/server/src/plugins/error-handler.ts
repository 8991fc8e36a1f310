import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Messages, type ApiError } from '@kundenportal/contract';
import { HttpError } from '../lib/http-error';

export const INVALID_INPUT_MESSAGE =
  'Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.';

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
      const first = Object.values(felder)[0];
      const body: ApiError = {
        message: Object.keys(felder).length === 1 && first ? first : INVALID_INPUT_MESSAGE,
        felder,
      };
      return reply.code(400).send(body);
    }
    if (error instanceof HttpError) {
      const body: ApiError = {
        message: error.message,
        ...(error.felder && { felder: error.felder }),
      };
      return reply.code(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(status)
        .send({ message: Messages.unexpectedTechnicalError } satisfies ApiError);
    }
    // Fastify's own client errors (bad JSON, too large a body): a German message, not its English one.
    return reply.code(status).send({ message: INVALID_INPUT_MESSAGE } satisfies ApiError);
  });
}
