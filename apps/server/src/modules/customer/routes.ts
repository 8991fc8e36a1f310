import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerSchema } from '@kundenportal/contract';
import { sessionOf } from '../../plugins/session';
import type { CustomerService } from './service';

export const customerRoutes: FastifyPluginAsyncZod<{ customers: CustomerService }> = async (
  app,
  { customers },
) => {
  app.get('/anschlussnutzer', { schema: { response: { 200: CustomerSchema } } }, (request) =>
    customers.get(sessionOf(request).customerId),
  );
};
