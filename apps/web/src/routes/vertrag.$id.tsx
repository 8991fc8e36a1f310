import { createFileRoute, notFound } from '@tanstack/react-router';
import { parseId } from '@kundenportal/contract';
import { notFoundOn404 } from '../lib/not-found';

/**
 * Every /vertrag/$id/… screen. Its `$id` is parsed here, once: anything but a contract number is
 * not found, without asking the server. The contract is asked for here, once, and each screen's
 * loader waits for it beside its own reads (`context.contract`), so that the screen keeps its
 * own skeleton, error text and not-found page. A foreign or unknown contract is not found, as
 * the server's 404 says. The read's code is imported when a contract screen is opened: this
 * file is in the app's entry, which the login page loads, and the contract's schema would bring
 * zod into it.
 */
export const Route = createFileRoute('/vertrag/$id')({
  params: {
    parse: (params: { id: string }) => {
      const id = parseId(params.id);
      if (id === undefined) throw notFound();
      return { id };
    },
    stringify: (params: { id: number }) => ({ id: String(params.id) }),
  },
  beforeLoad: ({ context: { queryClient }, params: { id } }) => {
    const contract = import('../features/contracts/api/get-contract')
      .then(({ contractQueryOptions }) => queryClient.ensureQueryData(contractQueryOptions(id)))
      .catch(notFoundOn404);
    // Each screen's loader meets a failure; a screen whose own code failed to load never asks.
    contract.catch(() => undefined);
    return { contract };
  },
});
