import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Paths } from '@kundenportal/contract';
import { mandant } from '../config/mandant';
import { logout } from '../features/auth/api/logout';
import { ChangePasswordForm } from '../features/auth/components/change-password-form';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/aendere/passwort')({
  component: ForcedPasswordChangePage,
});

/** Reached in the forced-change state: cancel logs out, unless the variant turns that off. */
function ForcedPasswordChangePage() {
  const navigate = useNavigate();
  const onCancel = async () => {
    if (!mandant.abmeldenBeiAbbruch) return window.history.back();
    await logout();
    await navigate({ to: Paths.login });
  };
  return (
    <section className="card card-narrow" aria-labelledby="passwort-titel">
      <PageHeading id="passwort-titel">Passwort ändern</PageHeading>
      <p>Bitte vergeben Sie ein neues Passwort, um das Kundenportal zu nutzen.</p>
      <ChangePasswordForm
        onSuccess={() => void navigate({ to: Paths.home, state: { passwortGeaendert: true } })}
        onCancel={() => void onCancel()}
      />
    </section>
  );
}
