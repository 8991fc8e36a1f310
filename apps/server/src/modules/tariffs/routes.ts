import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TariffHistorySchema, TariffSchema } from '@kundenportal/contract';
import { contractOf } from '../../plugins/contract-scope';
import type { TariffService } from './service';

/** Registered under /vertrag/:id, behind the contract scope. */
export const tariffRoutes: FastifyPluginAsyncZod<{ tariffs: TariffService }> = async (
  app,
  { tariffs },
) => {
  app.get('/aktueller_tarif', { schema: { response: { 200: TariffSchema } } }, (request) =>
    tariffs.current(contractOf(request)),
  );
  app.get('/tarifhistorie', { schema: { response: { 200: TariffHistorySchema } } }, (request) =>
    tariffs.history(contractOf(request)),
  );
};
