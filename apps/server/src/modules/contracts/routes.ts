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

  // Answers the contract as it is now, so that the web parses it like every other answer.
  app.post(
    '/kuendigen',
    { schema: { body: CancellationInputSchema, response: { 200: ContractSchema } } },
    (request) => contracts.cancel(sessionOf(request).customerId, contractOf(request), request.body),
  );
};
