import { notFound } from '@tanstack/react-router';
import { parseId } from '@kundenportal/contract';

/** /vertrag/$id: a contract number; anything else is not found, without asking the server. */
export const contractParams = {
  parse: (params: { id: string }) => {
    const id = parseId(params.id);
    if (id === undefined) throw notFound();
    return { id };
  },
  stringify: (params: { id: number }) => ({ id: String(params.id) }),
};
