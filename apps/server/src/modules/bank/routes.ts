import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BankDetailsRows,
  CreateBankDetailsInputSchema,
  IbanCheckResultSchema,
  IbanQuerySchema,
} from '@kundenportal/contract';
import { validityRoutes } from '../../lib/validity-routes';
import { requestScope } from '../../plugins/request-scope';
import { BANK_DETAILS_NOT_FOUND_MESSAGE, type BankService } from './service';

const routes = validityRoutes(
  {
    ...BankDetailsRows,
    inputSchema: CreateBankDetailsInputSchema,
    notFound: BANK_DETAILS_NOT_FOUND_MESSAGE,
  },
  requestScope,
);

/** The customer's general bank details and the IBAN check (spec §7.1). */
export const customerBankRoutes: FastifyPluginAsyncZod<{ bank: BankService }> = async (
  app,
  { bank },
) => {
  app.get(
    '/bankverbindung/pruefe',
    { schema: { querystring: IbanQuerySchema, response: { 200: IbanCheckResultSchema } } },
    (request) => bank.checkIban(request.query),
  );
  routes.customer(app, bank);
};

/** Registered under /vertrag/:id, behind the contract scope: the contract's own bank details. */
export const contractBankRoutes: FastifyPluginAsyncZod<{ bank: BankService }> = async (
  app,
  { bank },
) => routes.contract(app, bank);
