import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdSchema, NoContentSchema, type ValidityPaths } from '@kundenportal/contract';
import type { ValidityService } from './validity-service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** Whose rows a request may reach: the session's customer and the scoped contract. */
export interface RequestScope {
  customerId(request: FastifyRequest): number;
  contractId(request: FastifyRequest): number;
}

/** One kind of validity rows on the wire, with the contract's schemas and paths. */
export interface ValidityRoutes<Entity, Input> {
  schema: z.ZodType<Entity>;
  inputSchema: z.ZodType<Input>;
  paths: ValidityPaths;
  /** A row id that is not a positive number: as for a row that does not exist. */
  notFound: string;
}

type Rows = ValidityService<unknown, unknown>;
type Ids = (request: FastifyRequest) => { customerId: number; contractId: number | null };

/**
 * The calls of one kind of validity rows (spec §7.1): `customer` for the session's customer's
 * general rows, `contract` under /vertrag/:id behind the contract scope.
 */
export function validityRoutes<Entity, Input>(
  routes: ValidityRoutes<Entity, Input>,
  scope: RequestScope,
) {
  // Fastify's types cannot resolve a schema chosen by a type parameter: the parameters keep
  // schema and service of one kind together, and the routes see both as they are at run time.
  const { schema, inputSchema, paths } = routes as ValidityRoutes<unknown, unknown>;
  const contractPath = `/${paths.contract}`;

  /** GET the row valid today and POST a new one, general (contract null) or the contract's. */
  function currentAndCreate(app: ZodApp, rows: Rows, current: string, create: string, ids: Ids) {
    app.get(current, { schema: { response: { 200: schema } } }, (request) => {
      const { customerId, contractId } = ids(request);
      return rows.current(customerId, contractId);
    });
    app.post(
      create,
      { schema: { body: inputSchema, response: { 201: schema } } },
      async (request, reply) => {
        const { customerId, contractId } = ids(request);
        return reply.code(201).send(await rows.create(customerId, contractId, request.body));
      },
    );
  }

  const RowParamsSchema = z.object({
    id: IdSchema,
    rowId: z.coerce.number().int().positive({ error: routes.notFound }),
  });
  const contractIds = (request: FastifyRequest) => ({
    customerId: scope.customerId(request),
    contractId: scope.contractId(request),
  });

  return {
    /** The current general row, all rows (with the contracts'), a new general row. */
    customer(app: ZodApp, rows: ValidityService<Entity, Input>) {
      const erased: Rows = rows;
      currentAndCreate(app, erased, paths.customer.current, paths.customer.create, (request) => ({
        customerId: scope.customerId(request),
        contractId: null,
      }));
      app.get(paths.customer.all, { schema: { response: { 200: z.array(schema) } } }, (request) =>
        erased.listAll(scope.customerId(request)),
      );
    },

    /** The contract's rows, its current one, a new one; deleting one ahead or ending one. */
    contract(app: ZodApp, rows: ValidityService<Entity, Input>) {
      const erased: Rows = rows;
      const url = (call: string) => `${contractPath}/${call}`;
      currentAndCreate(app, erased, url('aktuelle'), url('anlegen'), contractIds);
      app.get(url('alle'), { schema: { response: { 200: z.array(schema) } } }, (request) => {
        const { customerId, contractId } = contractIds(request);
        return erased.list(customerId, contractId);
      });
      for (const action of ['loeschen', 'beenden'] as const) {
        app.delete(
          url(`${action}/:rowId`),
          { schema: { params: RowParamsSchema, response: { 204: NoContentSchema } } },
          async (request, reply) => {
            const { customerId, contractId } = contractIds(request);
            await erased.deleteOrEnd(customerId, contractId, request.params.rowId, action);
            return reply.code(204).send();
          },
        );
      }
    },
  };
}
