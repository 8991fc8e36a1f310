import { onlineManager, QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { sessionStore } from './session/session-store';
import { NotFound } from './ui/error-fallback';
import { RouteError } from './ui/load-error';
import { PageSkeleton } from './ui/skeleton';

const FIVE_MINUTES = 5 * 60_000;

function sessionIdentity() {
  const state = sessionStore.state();
  return state.kind === 'loggedOut'
    ? { kind: state.kind, token: null, kundennummer: null }
    : { kind: state.kind, token: state.session.token, kundennummer: state.session.kundennummer };
}

/** Where the router takes its addresses from: the browser's, or one address when prerendered. */
type History = Parameters<typeof createRouter>[0]['history'];

export function createAppRouter(history?: History) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: FIVE_MINUTES,
        // Offline, what is in the cache is what there is: no refetch that can only fail. A
        // query without data fails at once (networkMode always) and its screen says it needs
        // the connection, instead of waiting paused; back online, stale queries refetch.
        staleTime: () => (navigator.onLine ? 30_000 : Infinity),
        networkMode: 'always',
        retry: false,
        refetchOnWindowFocus: false,
      },
    },
  });
  // TanStack Query takes the browser for online until an event says otherwise: an app started
  // offline says so, and the return of the connection then refetches what failed or aged.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  // Router defaults of spec §9.
  const router = createRouter({
    routeTree,
    ...(history && { history }),
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadDelay: 50,
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    defaultGcTime: FIVE_MINUTES,
    defaultPreloadStaleTime: 30_000,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    // The page's shape while its data loads (a route names its heading where it knows it).
    defaultPendingComponent: () => <PageSkeleton />,
    scrollRestoration: true,
  });

  // Login, logout, expiry or a change in another tab: forget the previous customer's data and
  // let the guard decide again where this tab belongs. A mere renewal of the expiry changes nothing.
  let last = sessionIdentity();
  sessionStore.subscribe(() => {
    const next = sessionIdentity();
    if (next.kind === last.kind && next.token === last.token) return;
    if (next.kind === 'loggedOut' || next.kundennummer !== last.kundennummer) queryClient.clear();
    last = next;
    void router.invalidate();
  });
  return { router, queryClient };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>['router'];
  }
}
