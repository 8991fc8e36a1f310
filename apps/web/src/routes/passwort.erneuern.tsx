import { createFileRoute } from '@tanstack/react-router';
import { linkTokenSearch, useLinkToken } from '../lib/link-token';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/passwort/erneuern')({
  validateSearch: linkTokenSearch,
  component: ResetPasswordPage,
});

/** Reached from the mail's link; the server sends no referrer, so the token stays here. */
function ResetPasswordPage() {
  const token = useLinkToken(Route.useSearch());
  return (
    <section className="card card-narrow" aria-labelledby="erneuern-titel">
      <PageHeading id="erneuern-titel">Neues Passwort vergeben</PageHeading>
      <ResetPasswordForm token={token} />
    </section>
  );
}
