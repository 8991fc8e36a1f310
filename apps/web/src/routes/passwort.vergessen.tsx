import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/passwort/vergessen')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  return (
    <section className="card card-narrow" aria-labelledby="vergessen-titel">
      <PageHeading id="vergessen-titel">Passwort vergessen</PageHeading>
      <p>
        Geben Sie Ihre Kundennummer ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort
        vergeben können, an Ihre bei uns hinterlegte E-Mail-Adresse.
      </p>
      <ForgotPasswordForm />
    </section>
  );
}
