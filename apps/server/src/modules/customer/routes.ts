import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContactRequestAnswerSchema,
  ContactRequestInputSchema,
  CustomerSchema,
  UpdateContactInputSchema,
} from '@kundenportal/contract';
import { sessionOf } from '../../plugins/session';
import { passwordFromHeader } from '../../lib/password-header';
import { typedAnswerSerializer } from '../../lib/typed-answer-serializer';
import type { CustomerService } from './service';

export const customerRoutes: FastifyPluginAsyncZod<{ customers: CustomerService }> = async (
  app,
  { customers },
) => {
  app.get(
    '/anschlussnutzer',
    {
      schema: { response: { 200: CustomerSchema } },
      // toCustomer writes each answered field by name from typed columns.
      serializerCompiler: typedAnswerSerializer,
    },
    // Its answer is kept until the customer's next write (plugins/read-cache.ts).
    (request) => customers.get(sessionOf(request).customerId),
  );
  app.put(
    '/anschlussnutzer/kontaktdatenAktualisieren',
    {
      schema: {
        // passwort, only when the e-mail changes: encoded as at login (docs/decisions/003-passwords-in-headers.md).
        headers: z.object({ passwort: z.string().optional() }),
        body: UpdateContactInputSchema,
        response: { 200: CustomerSchema },
      },
    },
    (request) => {
      const { passwort } = request.headers;
      return customers.updateContact(sessionOf(request).customerId, request.body, {
        password: passwort ? passwordFromHeader(passwort) : undefined,
        clientAddress: request.ip,
      });
    },
  );
  app.post(
    '/anschlussnutzer/kontaktanfrage',
    { schema: { body: ContactRequestInputSchema, response: { 201: ContactRequestAnswerSchema } } },
    async (request, reply) => {
      const anfrageNr = await customers.sendContactRequest(
        sessionOf(request).customerId,
        request.body,
      );
      return reply.code(201).send({ anfrageNr });
    },
  );
};
