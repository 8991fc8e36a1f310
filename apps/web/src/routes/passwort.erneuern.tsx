import { createFileRoute, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { PageHeading } from '../ui/page-heading';

const ResetSearchSchema = z.object({ token: z.string().min(1).optional().catch(undefined) });

export const Route = createFileRoute('/passwort/erneuern')({
  validateSearch: ResetSearchSchema,
  component: ResetPasswordPage,
});

/** Reached from the mail's link; the server sends no referrer, so the token stays here. */
function ResetPasswordPage() {
  const search: unknown = useSearch({ strict: false });
  const { token } = ResetSearchSchema.parse(search);
  return (
    <section className="card card-narrow" aria-labelledby="erneuern-titel">
      <PageHeading id="erneuern-titel">Neues Passwort vergeben</PageHeading>
      <ResetPasswordForm token={token} />
    </section>
  );
}
