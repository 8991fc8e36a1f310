import { useParams } from '@tanstack/react-router';
import { z } from 'zod';
import { ContractIdParamsSchema } from '@kundenportal/contract';

/** /vertrag/$id: a contract number; anything else reaches the server as 0 and is not found. */
export const contractParams = {
  parse: (params: { id: string }) => ({
    id: z.coerce.number().int().positive().catch(0).parse(params.id),
  }),
  stringify: (params: { id: number }) => ({ id: String(params.id) }),
};

/** The contract number of the current /vertrag/$id route. */
export function useContractId(): number {
  const params: unknown = useParams({ strict: false });
  return ContractIdParamsSchema.catch({ id: 0 }).parse(params).id;
}
