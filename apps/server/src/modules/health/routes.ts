import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, HealthAnswerSchema } from '@kundenportal/contract';
import type { Database } from '../../db/client';
import type { Readiness } from './service';

/**
 * For load balancers and orchestrators. /health: 200 while the database answers (liveness).
 * /ready: whether to send traffic here (service.ts); 503 with the reason otherwise.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; readiness: Readiness }> = async (
  app,
  { db, readiness },
) => {
  app.get(
    '/health',
    {
      schema: {
        response: {
          200: HealthAnswerSchema,
          // Its own answer, or the overload guard's, which refuses before any route runs.
          503: z
            .union([HealthAnswerSchema, ApiErrorSchema])
            .describe('Die Datenbank antwortet nicht, oder der Server ist überlastet.'),
        },
      },
    },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
  app.get(
    '/ready',
    {
      schema: {
        response: {
          200: HealthAnswerSchema,
          503: ApiErrorSchema.describe(
            'Nicht bereit: der Dienst startet, wird beendet, ist überlastet, oder die Datenbank antwortet nicht.',
          ),
        },
      },
    },
    async (_request, reply) => {
      const refusal = await readiness.refusal();
      if (refusal === undefined) return { status: 'ok' as const };
      return reply.code(503).header('retry-after', '5').send({ message: refusal });
    },
  );
};
