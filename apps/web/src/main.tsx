import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { configureGermanSchemaMessages } from '@kundenportal/contract';
import { createAppRouter } from './router';
import { useRefreshOnReturn } from './features/auth/use-refresh-on-return';
import './styles.css';

configureGermanSchemaMessages();

const { router, queryClient } = createAppRouter();

function App() {
  useRefreshOnReturn();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
