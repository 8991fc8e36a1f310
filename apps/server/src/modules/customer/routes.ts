import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContactRequestInputSchema,
  CustomerSchema,
  UpdateContactInputSchema,
} from '@kundenportal/contract';
import type { ReadCache } from '../../plugins/read-cache';
import { sessionOf } from '../../plugins/session';
import type { CustomerService } from './service';

export const customerRoutes: FastifyPluginAsyncZod<{
  customers: CustomerService;
  readCache: ReadCache;
}> = async (app, { customers, readCache }) => {
  app.get('/anschlussnutzer', { schema: { response: { 200: CustomerSchema } } }, (request) => {
    const { customerId } = sessionOf(request);
    return readCache.read(customerId, 'anschlussnutzer', () => customers.get(customerId));
  });
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
