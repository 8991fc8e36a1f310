import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { Messages } from '@kundenportal/contract';
import { mandant } from '../config/mandant';
import { LoginForm } from '../features/auth/components/login-form';
import { sessionStore } from '../session/session-store';
import { Alert } from '../ui/alert';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/anmelden')({
  component: LoginPage,
});

function LoginPage() {
  // Read once: the note belongs to this arrival at the login page.
  const [sessionEnded] = useState(() => sessionStore.endedUnasked());
  return (
    <section className="card card-narrow" aria-labelledby="anmelden-titel">
      <PageHeading id="anmelden-titel">Anmelden</PageHeading>
      {sessionEnded && <Alert tone="info">{Messages.sessionExpired}</Alert>}
      <p>Willkommen im Kundenportal der {mandant.name}.</p>
      <LoginForm />
    </section>
  );
}
