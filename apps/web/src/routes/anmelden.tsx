import { createFileRoute } from '@tanstack/react-router';
import { mandant } from '../config/mandant';
import { LoginForm } from '../features/auth/components/login-form';

export const Route = createFileRoute('/anmelden')({
  component: LoginPage,
});

function LoginPage() {
  return (
    <section className="card card-narrow" aria-labelledby="anmelden-titel">
      <h1 id="anmelden-titel">Anmelden</h1>
      <p>Willkommen im Kundenportal der {mandant.name}.</p>
      <LoginForm />
    </section>
  );
}
