import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { loadMandant } from './config/mandant';
import { createAppRouter } from './router';
import { useRefreshOnReturn } from './features/auth/use-refresh-on-return';
import { useWaitingReadingsSender } from './features/readings/outbox/use-waiting-readings';
import { warmUpIntlWhileLoading } from './lib/warm-up-intl';
import { registerServiceWorkerAfterLoad } from './lib/service-worker';
import { keepQueriesOffline, restoreKeptQueries } from './lib/offline/kept-queries';
import './styles.css';

const root = document.getElementById('app')!;

async function start() {
  await loadMandant();
  const { router, queryClient } = createAppRouter();
  keepQueriesOffline(queryClient);
  await restoreKeptQueries(queryClient);

  function App() {
    useRefreshOnReturn();
    useWaitingReadingsSender(queryClient);
    return (
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    );
  }

  warmUpIntlWhileLoading();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  registerServiceWorkerAfterLoad();
}

start().catch(() => {
  // Without its variant the portal cannot render; say so plainly, in the page itself.
  root.innerHTML =
    '<main class="content"><p role="alert">Das Kundenportal ist gerade nicht erreichbar. Bitte laden Sie die Seite in einigen Minuten neu.</p></main>';
});
