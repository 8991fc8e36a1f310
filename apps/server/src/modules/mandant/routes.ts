import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ServedMandantSchema, type ServedMandant } from '@kundenportal/contract';

/** The variant in force, which the one built web app reads when it loads (docs/decisions/006-variant-chosen-at-start.md). */
export const mandantRoutes: FastifyPluginAsyncZod<{ mandant: ServedMandant }> = async (
  app,
  { mandant },
) => {
  app.get('/mandant', { schema: { response: { 200: ServedMandantSchema } } }, () => mandant);
};
