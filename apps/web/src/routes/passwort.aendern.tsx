import { createFileRoute, useCanGoBack, useNavigate } from '@tanstack/react-router';
import { Paths } from '@kundenportal/contract';
import { ChangePasswordForm } from '../features/auth/components/change-password-form';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/passwort/aendern')({
  component: ChangePasswordPage,
});

/** The in-session variant: cancel goes back one step and keeps the session. */
function ChangePasswordPage() {
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  return (
    <section className="card card-narrow" aria-labelledby="passwort-titel">
      <PageHeading id="passwort-titel">Passwort ändern</PageHeading>
      <ChangePasswordForm
        onSuccess={() => void navigate({ to: Paths.home, state: { passwortGeaendert: true } })}
        onCancel={() => (canGoBack ? window.history.back() : void navigate({ to: Paths.home }))}
      />
    </section>
  );
}
