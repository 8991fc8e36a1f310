import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
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
 *
 * A callback hook: a contract kept in memory is checked without a promise, as every repeat is.
 */
export function createContractScope(
  findContractOfCustomer: (
    customerId: number,
    contractId: number,
  ) => Promise<ContractRow | undefined>,
  cache: ReadCache,
) {
  const admit = (
    request: FastifyRequest,
    contract: ContractRow | undefined,
    done: HookHandlerDoneFunction,
  ) => {
    if (!contract) return done(notFound(CONTRACT_NOT_FOUND_MESSAGE));
    request.contract = contract;
    done();
  };
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const params = ContractIdParamsSchema.safeParse(request.params);
    if (!params.success) return done(notFound(CONTRACT_NOT_FOUND_MESSAGE));
    const session = sessionOf(request);
    const key = `vertrag:${params.data.id}`;
    const kept = cache.kept<ContractRow | undefined>(session, key);
    if (kept) return admit(request, kept.value, done);
    cache
      .read(session, key, () => findContractOfCustomer(session.customerId, params.data.id))
      .then((contract) => admit(request, contract, done), done);
  };
}

export type ContractScope = ReturnType<typeof createContractScope>;

export function contractOf(request: FastifyRequest): ContractRow {
  if (!request.contract) throw notFound(CONTRACT_NOT_FOUND_MESSAGE);
  return request.contract;
}
