import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IsoDateSchema, ReadingSchema } from '@kundenportal/contract';
import { contractOf } from '../../plugins/contract-scope';
import type { ReadingService } from './service';

export const DateRangeQuerySchema = z.object({
  von: IsoDateSchema.optional(),
  bis: IsoDateSchema.optional(),
});

/** Registered under /vertrag/:id, behind the contract scope. */
export const readingRoutes: FastifyPluginAsyncZod<{ readings: ReadingService }> = async (
  app,
  { readings },
) => {
  app.get(
    '/ablesungen',
    { schema: { querystring: DateRangeQuerySchema, response: { 200: z.array(ReadingSchema) } } },
    (request) => readings.list(contractOf(request).id, request.query),
  );
};
