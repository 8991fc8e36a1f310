import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SummarySchema } from '@kundenportal/contract';
import { sessionOf } from '../../plugins/session';
import type { SummaryService } from './service';

/**
 * GET /uebersicht: one call for the whole landing page, behind the session guard. Its pieces
 * are several small queries; its answer is kept until the customer changes something (or for
 * the read cache's few seconds, for the running price: plugins/read-cache.ts).
 */
export const summaryRoutes: FastifyPluginAsyncZod<{
  summaries: SummaryService;
}> = async (app, { summaries }) => {
  app.get('/uebersicht', { schema: { response: { 200: SummarySchema } } }, (request) => {
    const { customerId } = sessionOf(request);
    return summaries.summary(customerId);
  });
};
