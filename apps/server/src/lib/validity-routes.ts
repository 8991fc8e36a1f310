import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdSchema } from '@kundenportal/contract';
import type { ValidityService } from './validity-service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** Whose rows a request may reach: the session's customer and the scoped contract. */
export interface RequestScope {
  customerId(request: FastifyRequest): number;
  contractId(request: FastifyRequest): number;
}

/** The calls of one kind of validity rows (spec §7.1), with the contract's schemas. */
export interface ValidityRoutes<Entity, Input> {
  schema: z.ZodType<Entity>;
  inputSchema: z.ZodType<Input>;
  /** The customer's general rows: the current one, all of them (with the contracts'), a new one. */
  customerPaths: { current: string; all: string; create: string };
  /** Below /vertrag/:id: `/rechnungsadresse`, `/bankverbindung`. */
  contractPath: string;
  /** A row id that is not a positive number: as for a row that does not exist. */
  notFound: string;
}

/**
 * Fastify's types cannot resolve a schema chosen by a type parameter; the parameters above keep
 * schema and service of one kind together, and the route sees both as they are at run time.
 */
const erased = <Entity, Input>(routes: ValidityRoutes<Entity, Input>) =>
  routes as ValidityRoutes<unknown, unknown>;
const erasedService = <Entity, Input>(
  service: ValidityService<Entity, Input>,
): ValidityService<unknown, unknown> => service;

/** GET the current and all rows and POST a new general row of the session's customer. */
export function registerCustomerValidityRoutes<Entity, Input>(
  app: ZodApp,
  service: ValidityService<Entity, Input>,
  routes: ValidityRoutes<Entity, Input>,
  scope: RequestScope,
) {
  const { schema, inputSchema, customerPaths: paths } = erased(routes);
  const rows = erasedService(service);
  app.get(paths.current, { schema: { response: { 200: schema } } }, (request) =>
    rows.current(scope.customerId(request), null),
  );
  app.get(paths.all, { schema: { response: { 200: z.array(schema) } } }, (request) =>
    rows.listAll(scope.customerId(request)),
  );
  app.post(
    paths.create,
    { schema: { body: inputSchema, response: { 201: schema } } },
    async (request, reply) =>
      reply.code(201).send(await rows.create(scope.customerId(request), null, request.body)),
  );
}

/**
 * Registered under /vertrag/:id, behind the contract scope: the contract's own rows, a new one,
 * and deleting one that lies ahead or ending a valid one.
 */
export function registerContractValidityRoutes<Entity, Input>(
  app: ZodApp,
  service: ValidityService<Entity, Input>,
  routes: ValidityRoutes<Entity, Input>,
  scope: RequestScope,
) {
  const { schema, inputSchema, contractPath: path } = erased(routes);
  const rows = erasedService(service);
  const RowParamsSchema = z.object({
    id: IdSchema,
    rowId: z.coerce.number().int().positive({ error: routes.notFound }),
  });
  app.get(`${path}/alle`, { schema: { response: { 200: z.array(schema) } } }, (request) =>
    rows.list(scope.customerId(request), scope.contractId(request)),
  );
  app.get(`${path}/aktuelle`, { schema: { response: { 200: schema } } }, (request) =>
    rows.current(scope.customerId(request), scope.contractId(request)),
  );
  app.post(
    `${path}/anlegen`,
    { schema: { body: inputSchema, response: { 201: schema } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await rows.create(scope.customerId(request), scope.contractId(request), request.body),
        ),
  );
  for (const action of ['loeschen', 'beenden'] as const) {
    app.delete(
      `${path}/${action}/:rowId`,
      { schema: { params: RowParamsSchema } },
      async (request, reply) => {
        await rows.deleteOrEnd(
          scope.customerId(request),
          scope.contractId(request),
          request.params.rowId,
          action,
        );
        return reply.code(204).send();
      },
    );
  }
}
