import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConsumptionListSchema, DateRangeQuerySchema } from '@kundenportal/contract';
import { contractOf } from '../../plugins/contract-scope';
import type { ConsumptionService } from './service';

/** Registered under /vertrag/:id, behind the contract scope. */
export const consumptionRoutes: FastifyPluginAsyncZod<{ consumption: ConsumptionService }> = async (
  app,
  { consumption },
) => {
  app.get(
    '/verbraeuche',
    { schema: { querystring: DateRangeQuerySchema, response: { 200: ConsumptionListSchema } } },
    (request) => consumption.list(contractOf(request), request.query),
  );
};
