import { notFound, useParams } from '@tanstack/react-router';
import { z } from 'zod';
import { ContractIdParamsSchema } from '@kundenportal/contract';

const ContractIdSchema = z.coerce.number().int().positive();

/** /vertrag/$id: a contract number; anything else is not found, without asking the server. */
export const contractParams = {
  parse: (params: { id: string }) => {
    const id = ContractIdSchema.safeParse(params.id);
    if (!id.success) throw notFound();
    return { id: id.data };
  },
  stringify: (params: { id: number }) => ({ id: String(params.id) }),
};

/** The contract number of the current /vertrag/$id route. */
export function useContractId(): number {
  const params: unknown = useParams({ strict: false });
  return ContractIdParamsSchema.catch({ id: 0 }).parse(params).id;
}
