import type { Query, QueryKey } from '@tanstack/react-query';

/**
 * What an offline start shows, and no more: the customer with the list of contracts, the
 * landing page's summary, each contract with its meter, and the holidays the reading form
 * checks its date with. Everything else needs the network.
 */
export function isKeptOffline(queryKey: QueryKey): boolean {
  const [head, id, part] = queryKey;
  if (head === 'customer' || head === 'summary') return queryKey.length === 1;
  if (head === 'holidays') return queryKey.length === 2;
  if (head !== 'contracts' || typeof id !== 'number') return false;
  return queryKey.length === 2 || (queryKey.length === 3 && part === 'meter');
}

/** Shown with the note "zuletzt aktualisiert": the holidays are no customer data. */
export const isCustomerData = (query: Query) =>
  isKeptOffline(query.queryKey) && query.queryKey[0] !== 'holidays';
