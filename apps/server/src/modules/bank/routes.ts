import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BankDetailsSchema,
  CreateBankDetailsInputSchema,
  IbanCheckResultSchema,
  IdSchema,
} from '@kundenportal/contract';
import { contractOf } from '../../plugins/contract-scope';
import { sessionOf } from '../../plugins/session';
import type { BankService } from './service';

const RowParamsSchema = z.object({
  id: IdSchema,
  rowId: z.coerce.number().int().positive({ error: 'Die Bankverbindung wurde nicht gefunden.' }),
});

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
  app.get(
    '/anschlussnutzer/aktuelleBankverbindung',
    { schema: { response: { 200: BankDetailsSchema } } },
    (request) => bank.current(sessionOf(request).customerId, null),
  );
  app.get(
    '/anschlussnutzer/bankverbindungen',
    { schema: { response: { 200: z.array(BankDetailsSchema) } } },
    (request) => bank.listAll(sessionOf(request).customerId),
  );
  app.post(
    '/anschlussnutzer/bankverbindungAnlegen',
    { schema: { body: CreateBankDetailsInputSchema, response: { 201: BankDetailsSchema } } },
    async (request, reply) =>
      reply.code(201).send(await bank.create(sessionOf(request).customerId, null, request.body)),
  );
};

/** Registered under /vertrag/:id, behind the contract scope: the contract's own bank details. */
export const contractBankRoutes: FastifyPluginAsyncZod<{ bank: BankService }> = async (
  app,
  { bank },
) => {
  app.get(
    '/bankverbindung/alle',
    { schema: { response: { 200: z.array(BankDetailsSchema) } } },
    (request) => bank.list(sessionOf(request).customerId, contractOf(request).id),
  );
  app.get(
    '/bankverbindung/aktuelle',
    { schema: { response: { 200: BankDetailsSchema } } },
    (request) => bank.current(sessionOf(request).customerId, contractOf(request).id),
  );
  app.post(
    '/bankverbindung/anlegen',
    { schema: { body: CreateBankDetailsInputSchema, response: { 201: BankDetailsSchema } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await bank.create(sessionOf(request).customerId, contractOf(request).id, request.body),
        ),
  );
  for (const action of ['loeschen', 'beenden'] as const) {
    app.delete(
      `/bankverbindung/${action}/:rowId`,
      { schema: { params: RowParamsSchema } },
      async (request, reply) => {
        await bank.deleteOrEnd(
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
