import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, HealthAnswerSchema } from '@kundenportal/contract';
import type { Database } from '../../db/client';

/** For load balancers: 200 while the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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
};
