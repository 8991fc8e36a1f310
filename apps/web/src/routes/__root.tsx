import {
  createRootRouteWithContext,
  Outlet,
  redirect,
  useRouterState,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Paths } from '@kundenportal/contract';
import { mandant } from '../config/mandant';
import { guardRedirect } from '../session/guard';
import { sessionStore } from '../session/session-store';
import { useSessionState } from '../session/use-session';
import { OfflineNote } from '../lib/offline/offline-note';
import { GlobalMessage } from './-components/global-message';
import { NavigationBar } from './-components/navigation-bar';
import { SiteFooter } from './-components/site-footer';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    const target = guardRedirect(
      location.pathname,
      sessionStore.state().kind,
      mandant.portalGesperrt,
    );
    if (target) throw redirect({ to: target, replace: true });
  },
  component: RootLayout,
});

function RootLayout() {
  // The page shown, not the one being loaded: after the login, the login form stays until the
  // start page is ready, and the frame must not show a customer's links above it meanwhile.
  const pathname = useRouterState({
    select: (state) => (state.resolvedLocation ?? state.location).pathname,
  });
  // A link followed: until the next page's code and data are there, the router keeps showing this
  // one. It takes no input meanwhile, for what is typed into it would vanish with it a moment
  // later; the next page's fields take what is typed once they are on screen.
  const leaving = useRouterState({
    select: (state) =>
      state.status === 'pending' && state.matches.at(-1)?.pathname !== state.location.pathname,
  });
  const session = useSessionState();
  const onLogin = pathname === Paths.login;
  const showNavigation = !onLogin || mandant.anmeldung.navigation;
  const showHeader = mandant.kopfzeileText !== null && (!onLogin || mandant.anmeldung.kopfzeile);
  const showFooter = !onLogin || mandant.anmeldung.fusszeile;
  return (
    <div className="app">
      <a href="#inhalt" className="skip-link">
        Zum Inhalt springen
      </a>
      {(showHeader || showNavigation) && (
        <header>
          {showHeader && <div className="site-header">{mandant.kopfzeileText}</div>}
          {showNavigation && <NavigationBar showLinks={session.kind === 'loggedIn' && !onLogin} />}
        </header>
      )}
      <GlobalMessage />
      <OfflineNote />
      <main
        id="inhalt"
        className="content"
        tabIndex={-1}
        inert={leaving || undefined}
        aria-busy={leaving || undefined}
      >
        <Outlet />
      </main>
      {showFooter && <SiteFooter />}
    </div>
  );
}
