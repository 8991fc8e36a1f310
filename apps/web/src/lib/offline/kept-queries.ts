import { del, get, keys, update } from 'idb-keyval';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { mandant } from '../../config/mandant';
import { sessionStore } from '../../session/session-store';
import { isKeptOffline } from './kept-offline';

const PREFIX = 'kp-offline-queries:';
const storeKey = (kundennummer: string) => `${PREFIX}${kundennummer}`;

interface KeptQuery {
  queryKey: QueryKey;
  data: unknown;
  updatedAt: number;
}

/** The server's longest session (SESSION_MAX_HOURS): nothing is kept past it. */
const keptMaxMs = () => mandant.sitzungHoechstdauerStunden * 3600 * 1000;

interface Kept {
  /** When the first of these was kept; the whole entry is forgotten a session's maximum later. */
  since: number;
  queries: KeptQuery[];
}

/** What is kept and still within the session's maximum; an older format counts as nothing. */
export function keptInTime(stored: unknown, now: number, maxMs = keptMaxMs()): Kept | undefined {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return undefined;
  const kept = stored as Kept;
  if (typeof kept.since !== 'number' || !Array.isArray(kept.queries)) return undefined;
  return now - kept.since < maxMs && kept.since <= now ? kept : undefined;
}

const keptKeys = () =>
  keys().then((stored) =>
    stored.filter((key): key is string => typeof key === 'string' && key.startsWith(PREFIX)),
  );

/** Whether any reads are kept on this device. */
export const anyKeptQueries = () => keptKeys().then((stored) => stored.length > 0);

/** Forgets every customer's kept reads but `keep`'s, and `keep`'s too once out of time. */
export function forgetKept(keep?: string) {
  return keptKeys().then((stored) =>
    Promise.all(
      stored.map(async (key) => {
        if (key !== keep || !keptInTime(await get(key), Date.now())) await del(key);
      }),
    ),
  );
}

const loggedInCustomer = () => {
  const state = sessionStore.state();
  return state.kind === 'loggedIn' ? state.session.kundennummer : undefined;
};

/** IndexedDB may be missing (a private window): the portal then simply keeps nothing. */
const quietly = (work: Promise<unknown>) => void work.catch(() => undefined);

/**
 * Keeps the queries above per customer in IndexedDB whenever one loads, for at most the
 * session's maximum (12 hours unless SESSION_MAX_HOURS says otherwise), and forgets them
 * whenever no one is logged in.
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
      update<unknown>(storeKey(kundennummer), (stored) => {
        const now = Date.now();
        const before = keptInTime(stored, now) ?? { since: now, queries: [] };
        const fresh = new Set(kept.map(keyOf));
        return {
          since: before.since,
          queries: [...before.queries.filter((query) => !fresh.has(keyOf(query))), ...kept],
        } satisfies Kept;
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
  // Logged out, however the session ended (a shared device's login page), nothing stays kept;
  // a login forgets every other customer's, and the own once past the session's maximum.
  let customer: string | undefined;
  function followSession() {
    const state = sessionStore.state();
    if (state.kind === 'loggedOut') quietly(forgetKept());
    if (state.kind === 'loggedIn' && state.session.kundennummer !== customer) {
      quietly(forgetKept(storeKey(state.session.kundennummer)));
    }
    customer = state.kind === 'loggedOut' ? undefined : state.session.kundennummer;
  }
  followSession();
  sessionStore.subscribe(followSession);
  save();
}

/** An offline start: the logged-in customer's kept queries back into the cache, as loaded then. */
export async function restoreKeptQueries(queryClient: QueryClient) {
  const kundennummer = loggedInCustomer();
  if (!kundennummer || navigator.onLine) return;
  const stored = await get<unknown>(storeKey(kundennummer)).catch(() => undefined);
  for (const query of keptInTime(stored, Date.now())?.queries ?? []) {
    queryClient.setQueryData(query.queryKey, query.data, { updatedAt: query.updatedAt });
  }
}
