import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { Messages } from '@kundenportal/contract';
import { mandant } from '../config/mandant';
import { LoginForm } from '../features/auth/components/login-form';
import { sessionStore } from '../session/session-store';
import { Alert } from '../ui/alert';
import { DeleteDeviceData } from './-components/device-data';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/anmelden')({
  component: LoginPage,
});

function LoginPage() {
  // Read once: the note belongs to this arrival at the login page.
  const [sessionEnded] = useState(() => sessionStore.endedUnasked());
  return (
    <section className="card card-narrow" aria-labelledby="anmelden-titel">
      {/* Without the navigation on this page its logo is here, so the customer knows whose
          portal it is. */}
      {mandant.logoUrl && !mandant.anmeldung.navigation && (
        <img className="login-logo" src={mandant.logoUrl} alt={mandant.name} />
      )}
      <PageHeading id="anmelden-titel">Anmelden</PageHeading>
      {sessionEnded && <Alert tone="info">{Messages.sessionExpired}</Alert>}
      <p>Willkommen im Kundenportal der {mandant.name}.</p>
      <p className="login-offer">
        Hier sehen Sie Ihre Verträge, Verbräuche und Dokumente, teilen uns Ihren Zählerstand mit und
        ändern Ihre Daten – jederzeit.
      </p>
      <LoginForm />
      <DeleteDeviceData />
    </section>
  );
}
