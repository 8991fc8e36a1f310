import { createFileRoute, Link } from '@tanstack/react-router';
import { CONTACT_REQUEST_DONE, CONTACT_REQUEST_NUMBER_HINT, Paths } from '@kundenportal/contract';
import { searchText } from '../lib/search-text';
import { Alert } from '../ui/alert';
import { Facts } from '../ui/facts';
import { PageHeading } from '../ui/page-heading';

/** The request's number, which the form passes on; anything but a number is left out. */
const doneSearch = (search: Record<string, unknown>): { anfrage?: number } => {
  const anfrage = searchText(search.anfrage, { trim: true });
  return anfrage && /^[1-9]\d{0,11}$/.test(anfrage) ? { anfrage: Number(anfrage) } : {};
};

export const Route = createFileRoute('/kontaktanfrageOk')({
  validateSearch: doneSearch,
  component: ContactRequestDonePage,
});

function ContactRequestDonePage() {
  const { anfrage } = Route.useSearch();
  return (
    <section className="card card-narrow">
      <PageHeading>Kontaktanfrage gesendet</PageHeading>
      <Alert tone="success">{CONTACT_REQUEST_DONE}</Alert>
      {anfrage !== undefined && (
        <>
          <Facts facts={[{ label: 'Anfrage-Nr.', value: String(anfrage) }]} />
          <p>{CONTACT_REQUEST_NUMBER_HINT}</p>
        </>
      )}
      <Link to={Paths.dataOverview} className="button">
        Zur Datenübersicht
      </Link>
    </section>
  );
}
