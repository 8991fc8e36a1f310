import { getRouteApi } from '@tanstack/react-router';
import type { Contract } from '@kundenportal/contract';

/** The parent of every contract screen (`vertrag.$id.tsx`): its parsed id, for route pieces. */
export const contractRoute = getRouteApi('/vertrag/$id');

/**
 * A contract page's loader: the contract its parent route asked for, and the page's list at
 * once. The page shows when both are there: a list appearing later pushed the buttons below it
 * down (layout shift 0.11 on a phone, Lighthouse). A failed list does not fail the page
 * (prefetching never throws): its card shows the error and a reload.
 */
export async function loadContractWith(contract: Promise<Contract>, list: Promise<void>) {
  const [loaded] = await Promise.all([contract, list]);
  return loaded;
}
