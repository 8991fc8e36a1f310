import { createFileRoute } from '@tanstack/react-router';
import { EmailLinkAction } from '../features/customer/components/email-link-action';
import { linkTokenSearch, useLinkToken } from '../lib/link-token';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/email/widerrufen')({
  validateSearch: linkTokenSearch,
  component: RevokeEmailChangePage,
});

/** Reached from the notice to the old address: "Das war ich nicht". */
function RevokeEmailChangePage() {
  const token = useLinkToken(Route.useSearch());
  return (
    <section className="card card-narrow" aria-labelledby="email-widerrufen-titel">
      <PageHeading id="email-widerrufen-titel">
        Änderung der E-Mail-Adresse zurücknehmen
      </PageHeading>
      <EmailLinkAction
        link="email_widerrufen"
        token={token}
        explanation="Wenn Sie die Änderung Ihrer E-Mail-Adresse nicht selbst veranlasst haben, nehmen Sie sie hier zurück. Damit enden alle Anmeldungen im Kundenportal, auch auf anderen Geräten."
        action="Änderung zurücknehmen und alle Anmeldungen beenden"
      />
    </section>
  );
}
