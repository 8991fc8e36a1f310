import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BillingAddressRows, CreateBillingAddressInputSchema } from '@kundenportal/contract';
import { validityRoutes } from '../../lib/validity-routes';
import { requestScope } from '../../plugins/request-scope';
import { ADDRESS_NOT_FOUND_MESSAGE, type AddressService } from './service';

const routes = validityRoutes(
  {
    ...BillingAddressRows,
    inputSchema: CreateBillingAddressInputSchema,
    notFound: ADDRESS_NOT_FOUND_MESSAGE,
  },
  requestScope,
);

/** The customer's general billing addresses (spec §7.1). */
export const customerAddressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => routes.customer(app, addresses);

/** Registered under /vertrag/:id, behind the contract scope: the contract's own addresses. */
export const contractAddressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => routes.contract(app, addresses);
