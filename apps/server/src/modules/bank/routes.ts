import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BankDetailsSchema } from '@kundenportal/contract';
import { contractOf } from '../../plugins/contract-scope';
import { sessionOf } from '../../plugins/session';
import type { BankService } from './service';

/** Registered under /vertrag/:id, behind the contract scope: the contract's own bank details. */
export const contractBankRoutes: FastifyPluginAsyncZod<{ bank: BankService }> = async (
  app,
  { bank },
) => {
  app.get(
    '/bankverbindung/alle',
    { schema: { response: { 200: z.array(BankDetailsSchema) } } },
    (request) => bank.list(sessionOf(request).customerId, contractOf(request).id),
  );
  app.get(
    '/bankverbindung/aktuelle',
    { schema: { response: { 200: BankDetailsSchema } } },
    (request) => bank.current(sessionOf(request).customerId, contractOf(request).id),
  );
};
