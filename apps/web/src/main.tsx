import { createRoot, hydrateRoot } from 'react-dom/client';
import { Paths } from '@kundenportal/contract';
import { loadMandant } from './config/mandant';
import { keepCodeLoadFailuresInTheApp } from './lib/code-load-failure';
import { createAppRouter } from './router';
import { App } from './app';
import { warmUpIntlWhileLoading } from './lib/warm-up-intl';
import { registerServiceWorkerAfterLoad } from './lib/service-worker';
import { yieldToBrowser } from './lib/yield-to-browser';
import { sessionStore } from './session/session-store';
import './styles.css';

const root = document.getElementById('app')!;

/** Resolves at once for a logged-in start, else at the first login. */
function whenLoggedIn() {
  return new Promise<void>((resolve) => {
    if (sessionStore.state().kind === 'loggedIn') return resolve();
    const stop = sessionStore.subscribe(() => {
      if (sessionStore.state().kind !== 'loggedIn') return;
      stop();
      resolve();
    });
  });
}

async function start() {
  keepCodeLoadFailuresInTheApp();
  warmUpIntlWhileLoading();
  await loadMandant();
  await yieldToBrowser();
  const { router, queryClient } = createAppRouter();
  await yieldToBrowser();
  // The offline support is a chunk of its own, loaded once a customer is logged in: the login
  // page needs none of it. An offline start waits for it and the customer's kept screens.
  const offlineSupport = whenLoggedIn().then(async () => {
    const { startOfflineSupport } = await import('./start-offline-support');
    return startOfflineSupport(queryClient);
  });
  if (sessionStore.state().kind === 'loggedIn' && !navigator.onLine)
    await (await offlineSupport).restoreKeptScreens();

  const app = <App router={router} queryClient={queryClient} />;
  // The server prerenders the login page (prerender.tsx): where it is what this start shows,
  // the app takes over its HTML; anywhere else (a page kept offline, a session in this
  // browser) it draws anew.
  const prerendered = root.firstElementChild !== null;
  if (
    prerendered &&
    location.pathname === Paths.login &&
    sessionStore.state().kind === 'loggedOut'
  ) {
    await router.load();
    hydrateRoot(root, app);
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
  registerServiceWorkerAfterLoad();
}

start().catch(() => {
  // Without its variant the portal cannot render; say so plainly, in the page itself.
  root.innerHTML =
    '<main class="content"><p role="alert">Das Kundenportal ist gerade nicht erreichbar. Bitte laden Sie die Seite in einigen Minuten neu.</p></main>';
});
