import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BillingAddressSchema } from '@kundenportal/contract';
import { contractOf } from '../../plugins/contract-scope';
import { sessionOf } from '../../plugins/session';
import type { AddressService } from './service';

/** Registered under /vertrag/:id, behind the contract scope: the contract's own addresses. */
export const contractAddressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => {
  app.get(
    '/rechnungsadresse/alle',
    { schema: { response: { 200: z.array(BillingAddressSchema) } } },
    (request) => addresses.list(sessionOf(request).customerId, contractOf(request).id),
  );
  app.get(
    '/rechnungsadresse/aktuelle',
    { schema: { response: { 200: BillingAddressSchema } } },
    (request) => addresses.current(sessionOf(request).customerId, contractOf(request).id),
  );
};
