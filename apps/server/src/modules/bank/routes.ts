import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BankDetailsSchema,
  CreateBankDetailsInputSchema,
  IbanCheckResultSchema,
  type BankDetails,
  type CreateBankDetailsInput,
} from '@kundenportal/contract';
import {
  registerContractValidityRoutes,
  registerCustomerValidityRoutes,
  type RequestScope,
  type ValidityRoutes,
} from '../../lib/validity-routes';
import { contractOf } from '../../plugins/contract-scope';
import { sessionOf } from '../../plugins/session';
import { BANK_DETAILS_NOT_FOUND_MESSAGE, type BankService } from './service';

const routes: ValidityRoutes<BankDetails, CreateBankDetailsInput> = {
  schema: BankDetailsSchema,
  inputSchema: CreateBankDetailsInputSchema,
  customerPaths: {
    current: '/anschlussnutzer/aktuelleBankverbindung',
    all: '/anschlussnutzer/bankverbindungen',
    create: '/anschlussnutzer/bankverbindungAnlegen',
  },
  contractPath: '/bankverbindung',
  notFound: BANK_DETAILS_NOT_FOUND_MESSAGE,
};

const scope: RequestScope = {
  customerId: (request) => sessionOf(request).customerId,
  contractId: (request) => contractOf(request).id,
};

const IbanQuerySchema = z.object({
  iban: z.string().max(64).optional(),
  kontonummer: z.string().max(16).optional(),
  blz: z.string().max(16).optional(),
});

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
  registerCustomerValidityRoutes(app, bank, routes, scope);
};

/** Registered under /vertrag/:id, behind the contract scope: the contract's own bank details. */
export const contractBankRoutes: FastifyPluginAsyncZod<{ bank: BankService }> = async (
  app,
  { bank },
) => registerContractValidityRoutes(app, bank, routes, scope);
