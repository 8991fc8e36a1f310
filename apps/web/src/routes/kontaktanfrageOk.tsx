import { createFileRoute, Link } from '@tanstack/react-router';
import { CONTACT_REQUEST_DONE, Paths } from '@kundenportal/contract';
import { Alert } from '../ui/alert';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/kontaktanfrageOk')({ component: ContactRequestDonePage });

function ContactRequestDonePage() {
  return (
    <section className="card card-narrow">
      <PageHeading>Kontaktanfrage gesendet</PageHeading>
      <Alert tone="success">{CONTACT_REQUEST_DONE}</Alert>
      <Link to={Paths.dataOverview} className="button">
        Zur Datenübersicht
      </Link>
    </section>
  );
}
