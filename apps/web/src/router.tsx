import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { sessionStore } from './session/session-store';
import { ErrorFallback, NotFound } from './ui/error-fallback';
import { Spinner } from './ui/spinner';

const FIVE_MINUTES = 5 * 60_000;

export function createAppRouter() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: FIVE_MINUTES,
        staleTime: 30_000,
        retry: false,
        refetchOnWindowFocus: false,
      },
    },
  });
  // Router defaults of spec §9.
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadDelay: 50,
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    defaultGcTime: FIVE_MINUTES,
    defaultPreloadStaleTime: 30_000,
    defaultErrorComponent: ErrorFallback,
    defaultNotFoundComponent: NotFound,
    defaultPendingComponent: () => <Spinner />,
    scrollRestoration: true,
  });

  // Login, logout, expiry or a change in another tab: forget the old customer's data and let
  // the guard decide again where this tab belongs.
  let lastKind = sessionStore.state().kind;
  sessionStore.subscribe(() => {
    const kind = sessionStore.state().kind;
    if (kind === 'loggedOut' && lastKind !== 'loggedOut') queryClient.clear();
    lastKind = kind;
    void router.invalidate();
  });
  return { router, queryClient };
}
