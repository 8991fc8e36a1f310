import { useEffect, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { searchText } from '../lib/search-text';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { PageHeading } from '../ui/page-heading';

const resetSearch = (search: Record<string, unknown>) => ({ token: searchText(search.token) });

export const Route = createFileRoute('/passwort/erneuern')({
  validateSearch: resetSearch,
  component: ResetPasswordPage,
});

/** Reached from the mail's link; the server sends no referrer, so the token stays here. */
function ResetPasswordPage() {
  const search: unknown = Route.useSearch();
  const [token] = useState(() => resetSearch(search as Record<string, unknown>).token);
  // Read once, the token leaves the address bar: no history entry, cache or screenshot keeps it.
  useEffect(() => {
    if (window.location.search) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, []);
  return (
    <section className="card card-narrow" aria-labelledby="erneuern-titel">
      <PageHeading id="erneuern-titel">Neues Passwort vergeben</PageHeading>
      <ResetPasswordForm token={token} />
    </section>
  );
}
