import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Messages, Paths } from '@kundenportal/contract';
import { logout } from '../features/auth/api/logout';
import { Alert } from '../ui/alert';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/portal/gesperrt')({
  component: BlockedPage,
});

function BlockedPage() {
  const navigate = useNavigate();
  const backToLogin = async () => {
    await logout();
    await navigate({ to: Paths.login });
  };
  return (
    <section className="card card-narrow" aria-labelledby="gesperrt-titel">
      <PageHeading id="gesperrt-titel">Kein Zugang</PageHeading>
      <Alert tone="warning">{Messages.noPortalAccess}</Alert>
      <button type="button" className="button" onClick={() => void backToLogin()}>
        Zurück zum Login
      </button>
    </section>
  );
}
