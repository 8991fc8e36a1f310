import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CancellationInputSchema, ContractSchema } from '@kundenportal/contract';
import { contractOf } from '../../plugins/contract-scope';
import { sessionOf } from '../../plugins/session';
import { toContract, type ContractService } from './service';

/** Registered under /vertrag/:id, behind the contract scope. */
export const contractRoutes: FastifyPluginAsyncZod<{ contracts: ContractService }> = async (
  app,
  { contracts },
) => {
  app.get('', { schema: { response: { 200: ContractSchema } } }, (request) =>
    toContract(contractOf(request)),
  );

  app.post('/kuendigen', { schema: { body: CancellationInputSchema } }, async (request, reply) => {
    await contracts.cancel(sessionOf(request).customerId, contractOf(request), request.body);
    return reply.code(204).send();
  });
};
