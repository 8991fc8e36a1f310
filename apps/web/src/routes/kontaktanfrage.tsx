import { createFileRoute } from '@tanstack/react-router';
import { mandant } from '../config/mandant';
import { ContactRequestForm } from '../features/contact/components/contact-request-form';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/kontaktanfrage')({ component: ContactRequestPage });

function ContactRequestPage() {
  const { telefon, servicezeiten } = mandant.firma;
  return (
    <section className="card card-narrow">
      <PageHeading>Kontaktanfrage</PageHeading>
      <p>{mandant.kontaktAntwortzeit}</p>
      <p>
        Lieber telefonisch? Unser Kundenservice ist unter{' '}
        <a href={`tel:${telefon.replace(/[^\d+]/g, '')}`}>{telefon}</a> für Sie da: {servicezeiten}.
      </p>
      <ContactRequestForm />
    </section>
  );
}
