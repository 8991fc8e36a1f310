import { del, get, keys, update } from 'idb-keyval';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { sessionStore } from '../../session/session-store';
import { isKeptOffline } from './kept-offline';

const PREFIX = 'kp-offline-queries:';
const storeKey = (kundennummer: string) => `${PREFIX}${kundennummer}`;

interface KeptQuery {
  queryKey: QueryKey;
  data: unknown;
  updatedAt: number;
}

const loggedInCustomer = () => {
  const state = sessionStore.state();
  return state.kind === 'loggedIn' ? state.session.kundennummer : undefined;
};

/** IndexedDB may be missing (a private window): the portal then simply keeps nothing. */
const quietly = (work: Promise<unknown>) => void work.catch(() => undefined);

/**
 * Keeps the queries above per customer in IndexedDB whenever one loads, and forgets them at
 * logout; a login forgets every other customer's. A session that merely ended (expiry) keeps
 * them for the same customer's next session.
 */
export function keepQueriesOffline(queryClient: QueryClient) {
  let pending = false;
  function save() {
    pending = false;
    const kundennummer = loggedInCustomer();
    if (!kundennummer) return;
    const kept: KeptQuery[] = queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => isKeptOffline(query.queryKey) })
      .filter((query) => query.state.status === 'success')
      .map((query) => ({
        queryKey: query.queryKey,
        data: query.state.data,
        updatedAt: query.state.dataUpdatedAt,
      }));
    // Merged into what is kept: a page loaded on its own (a reload) has only its own queries.
    const keyOf = (query: KeptQuery) => JSON.stringify(query.queryKey);
    quietly(
      update<KeptQuery[]>(storeKey(kundennummer), (stored = []) => {
        const fresh = new Set(kept.map(keyOf));
        return [...stored.filter((query) => !fresh.has(keyOf(query))), ...kept];
      }),
    );
  }
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!isKeptOffline(event.query.queryKey as QueryKey) || pending) return;
    // One write for the queries a page loads together.
    pending = true;
    setTimeout(save, 0);
  });

  // Loaded beside the first screen (start-offline-support.ts): what came before it counts too.
  let customer: string | undefined;
  function followSession() {
    const state = sessionStore.state();
    if (state.kind === 'loggedOut' && customer && !sessionStore.endedUnasked()) {
      quietly(del(storeKey(customer)));
    }
    if (state.kind === 'loggedIn' && state.session.kundennummer !== customer) {
      const own = storeKey(state.session.kundennummer);
      quietly(
        keys().then((stored) =>
          Promise.all(
            stored
              .filter((key) => typeof key === 'string' && key.startsWith(PREFIX) && key !== own)
              .map((key) => del(key)),
          ),
        ),
      );
    }
    customer = state.kind === 'loggedOut' ? customer : state.session.kundennummer;
  }
  followSession();
  sessionStore.subscribe(followSession);
  save();
}

/** An offline start: the logged-in customer's kept queries back into the cache, as loaded then. */
export async function restoreKeptQueries(queryClient: QueryClient) {
  const kundennummer = loggedInCustomer();
  if (!kundennummer || navigator.onLine) return;
  const kept = await get<KeptQuery[]>(storeKey(kundennummer)).catch(() => undefined);
  for (const query of kept ?? []) {
    queryClient.setQueryData(query.queryKey, query.data, { updatedAt: query.updatedAt });
  }
}
