import type { FastifyRequest } from 'fastify';
import { ContractIdParamsSchema } from '@kundenportal/contract';
import type { ContractRow } from '../db/schema/index';
import { notFound } from '../lib/http-error';
import type { ReadCache } from './read-cache';
import { sessionOf } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    contract: ContractRow | null;
  }
}

const CONTRACT_NOT_FOUND_MESSAGE = 'Der Vertrag wurde nicht gefunden.';

/**
 * onRequest hook of the /vertrag/:id subtree, after the session guard and before the payload
 * is parsed or validated: the contract must be the logged-in customer's. A foreign contract gets
 * the same 404 as one that does not exist, whatever the request carries. The query comes from
 * app.ts (the contracts module's repo): plugins never reach into modules/.
 */
export function createContractScope(
  findContractOfCustomer: (
    customerId: number,
    contractId: number,
  ) => Promise<ContractRow | undefined>,
  cache: ReadCache,
) {
  return async (request: FastifyRequest) => {
    const params = ContractIdParamsSchema.safeParse(request.params);
    if (!params.success) throw notFound(CONTRACT_NOT_FOUND_MESSAGE);
    const session = sessionOf(request);
    const contract = await cache.read(session, `vertrag:${params.data.id}`, () =>
      findContractOfCustomer(session.customerId, params.data.id),
    );
    if (!contract) throw notFound(CONTRACT_NOT_FOUND_MESSAGE);
    request.contract = contract;
  };
}

export type ContractScope = ReturnType<typeof createContractScope>;

export function contractOf(request: FastifyRequest): ContractRow {
  if (!request.contract) throw notFound(CONTRACT_NOT_FOUND_MESSAGE);
  return request.contract;
}
