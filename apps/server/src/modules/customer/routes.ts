import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContactRequestInputSchema,
  CustomerSchema,
  UpdateContactInputSchema,
} from '@kundenportal/contract';
import { sessionOf } from '../../plugins/session';
import { toCustomer, type CustomerService } from './service';

export const customerRoutes: FastifyPluginAsyncZod<{ customers: CustomerService }> = async (
  app,
  { customers },
) => {
  // Read with the session, in its query (and kept with it on the embedded database).
  app.get('/anschlussnutzer', { schema: { response: { 200: CustomerSchema } } }, (request) =>
    toCustomer(sessionOf(request).customer),
  );
  app.put(
    '/anschlussnutzer/kontaktdatenAktualisieren',
    { schema: { body: UpdateContactInputSchema, response: { 200: CustomerSchema } } },
    (request) => customers.updateContact(sessionOf(request).customerId, request.body),
  );
  app.post(
    '/anschlussnutzer/kontaktanfrage',
    { schema: { body: ContactRequestInputSchema } },
    async (request, reply) => {
      await customers.sendContactRequest(sessionOf(request).customerId, request.body);
      return reply.code(204).send();
    },
  );
};
