import { StrictMode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { createAppRouter } from './router';
import { useRefreshOnReturn } from './features/auth/use-refresh-on-return';

type AppRouter = ReturnType<typeof createAppRouter>['router'];

/** The whole app, as the browser renders it and as the login page is prerendered. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  useRefreshOnReturn();
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
