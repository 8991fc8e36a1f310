import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BillingAddressSchema,
  CreateBillingAddressInputSchema,
  IdSchema,
} from '@kundenportal/contract';
import { contractOf } from '../../plugins/contract-scope';
import { sessionOf } from '../../plugins/session';
import type { AddressService } from './service';

const RowParamsSchema = z.object({
  id: IdSchema,
  rowId: z.coerce.number().int().positive({ error: 'Die Rechnungsadresse wurde nicht gefunden.' }),
});

/** The customer's general billing addresses (spec §7.1). */
export const customerAddressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => {
  app.get(
    '/anschlussnutzer/aktuelleRechnungsadresse',
    { schema: { response: { 200: BillingAddressSchema } } },
    (request) => addresses.current(sessionOf(request).customerId, null),
  );
  app.get(
    '/anschlussnutzer/rechnungsadressen',
    { schema: { response: { 200: z.array(BillingAddressSchema) } } },
    (request) => addresses.listAll(sessionOf(request).customerId),
  );
  app.post(
    '/anschlussnutzer/rechnungsadresseAnlegen',
    { schema: { body: CreateBillingAddressInputSchema, response: { 201: BillingAddressSchema } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addresses.create(sessionOf(request).customerId, null, request.body)),
  );
};

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
  app.post(
    '/rechnungsadresse/anlegen',
    { schema: { body: CreateBillingAddressInputSchema, response: { 201: BillingAddressSchema } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await addresses.create(
            sessionOf(request).customerId,
            contractOf(request).id,
            request.body,
          ),
        ),
  );
  for (const action of ['loeschen', 'beenden'] as const) {
    app.delete(
      `/rechnungsadresse/${action}/:rowId`,
      { schema: { params: RowParamsSchema } },
      async (request, reply) => {
        await addresses.deleteOrEnd(
          sessionOf(request).customerId,
          contractOf(request).id,
          request.params.rowId,
          action,
        );
        return reply.code(204).send();
      },
    );
  }
};
