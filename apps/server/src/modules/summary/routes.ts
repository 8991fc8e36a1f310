import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SummarySchema, type Summary } from '@kundenportal/contract';
import type { ReadCache } from '../../plugins/read-cache';
import { sessionOf } from '../../plugins/session';
import type { SummaryService } from './service';

/**
 * GET /uebersicht: one call for the whole landing page, behind the session guard. Its pieces
 * are several small queries; on the embedded database the answer is kept until the customer
 * changes something (or for the read cache's few seconds, for the running price).
 */
export const summaryRoutes: FastifyPluginAsyncZod<{
  summaries: SummaryService;
  readCache: ReadCache;
}> = async (app, { summaries, readCache }) => {
  app.get('/uebersicht', { schema: { response: { 200: SummarySchema } } }, (request) => {
    const { customerId } = sessionOf(request);
    return readCache.read<Summary>(customerId, 'uebersicht', () => summaries.summary(customerId));
  });
};
