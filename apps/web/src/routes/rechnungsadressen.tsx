import { createFileRoute, Link } from '@tanstack/react-router';
import { Paths, type BillingAddress } from '@kundenportal/contract';
import { useCustomerAddresses } from '../features/addresses/api/addresses';
import { AddressBlock } from '../features/addresses/components/address-list';
import { errorMessage } from '../lib/api-client';
import { PageHeading } from '../ui/page-heading';
import { QueryCard } from '../ui/query-card';

export const Route = createFileRoute('/rechnungsadressen')({ component: AllAddressesPage });

/** Every address the customer has had, general and per contract; read only. */
function AddressHistory({ addresses }: { addresses: BillingAddress[] }) {
  if (addresses.length === 0) return <p>Es sind keine Rechnungsadressen hinterlegt.</p>;
  return (
    <ul className="plain-list">
      {addresses.map((address) => (
        <li key={address.id}>
          <p className="muted">
            {address.vertragId === null
              ? 'Für alle Verträge'
              : `Nur für Vertrag ${address.vertragId}`}
          </p>
          <AddressBlock address={address} />
        </li>
      ))}
    </ul>
  );
}

function AllAddressesPage() {
  const addresses = useCustomerAddresses();
  return (
    <>
      <PageHeading>Alle Rechnungsadressen</PageHeading>
      <QueryCard
        title="Rechnungsadressen"
        query={addresses}
        errorText={(error) => errorMessage(error, 'Es ist ein unbekannter Fehler aufgetreten.')}
      >
        {(data) => <AddressHistory addresses={data} />}
      </QueryCard>
      <Link to={Paths.dataOverview} className="button button-secondary">
        Zurück zur Datenübersicht
      </Link>
    </>
  );
}
