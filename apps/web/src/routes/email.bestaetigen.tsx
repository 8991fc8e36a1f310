import { createFileRoute } from '@tanstack/react-router';
import { EmailLinkAction } from '../features/customer/components/email-link-action';
import { linkTokenSearch, useLinkToken } from '../lib/link-token';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/email/bestaetigen')({
  validateSearch: linkTokenSearch,
  component: ConfirmEmailPage,
});

/** Reached from the mail sent to a new address; the address counts once this is done. */
function ConfirmEmailPage() {
  const token = useLinkToken(Route.useSearch());
  return (
    <section className="card card-narrow" aria-labelledby="email-bestaetigen-titel">
      <PageHeading id="email-bestaetigen-titel">E-Mail-Adresse bestätigen</PageHeading>
      <EmailLinkAction
        link="email_bestaetigen"
        token={token}
        explanation="Mit der Bestätigung schreiben wir Ihnen ab jetzt an diese E-Mail-Adresse, auch Links zum Zurücksetzen des Passworts."
        action="E-Mail-Adresse bestätigen"
      />
    </section>
  );
}
