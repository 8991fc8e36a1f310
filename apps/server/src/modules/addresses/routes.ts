import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BillingAddressSchema,
  CreateBillingAddressInputSchema,
  type BillingAddress,
  type CreateBillingAddressInput,
} from '@kundenportal/contract';
import {
  registerContractValidityRoutes,
  registerCustomerValidityRoutes,
  type RequestScope,
  type ValidityRoutes,
} from '../../lib/validity-routes';
import { contractOf } from '../../plugins/contract-scope';
import { sessionOf } from '../../plugins/session';
import { ADDRESS_NOT_FOUND_MESSAGE, type AddressService } from './service';

const routes: ValidityRoutes<BillingAddress, CreateBillingAddressInput> = {
  schema: BillingAddressSchema,
  inputSchema: CreateBillingAddressInputSchema,
  customerPaths: {
    current: '/anschlussnutzer/aktuelleRechnungsadresse',
    all: '/anschlussnutzer/rechnungsadressen',
    create: '/anschlussnutzer/rechnungsadresseAnlegen',
  },
  contractPath: '/rechnungsadresse',
  notFound: ADDRESS_NOT_FOUND_MESSAGE,
};

const scope: RequestScope = {
  customerId: (request) => sessionOf(request).customerId,
  contractId: (request) => contractOf(request).id,
};

/** The customer's general billing addresses (spec §7.1). */
export const customerAddressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => registerCustomerValidityRoutes(app, addresses, routes, scope);

/** Registered under /vertrag/:id, behind the contract scope: the contract's own addresses. */
export const contractAddressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => registerContractValidityRoutes(app, addresses, routes, scope);
