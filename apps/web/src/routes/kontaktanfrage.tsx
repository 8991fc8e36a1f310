import { createFileRoute } from '@tanstack/react-router';
import { ContactRequestForm } from '../features/contact/components/contact-request-form';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/kontaktanfrage')({ component: ContactRequestPage });

function ContactRequestPage() {
  return (
    <section className="card card-narrow">
      <PageHeading>Kontaktanfrage</PageHeading>
      <ContactRequestForm />
    </section>
  );
}
