import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useContractAddresses } from '../features/addresses/api/get-contract-addresses';
import { ContractAddressRows } from '../features/addresses/components/address-rows';
import { contractQueryOptions } from '../features/contracts/api/get-contract';
import { errorMessage } from '../lib/api-client';
import { notFoundOn404 } from '../lib/not-found';
import { PageHeading } from '../ui/page-heading';
import { QueryCard } from '../ui/query-card';
import { contractParams } from './-components/contract-params';
import { LoadError } from '../ui/load-error';

export const Route = createFileRoute('/vertrag/$id/rechnungsadressen')({
  params: contractParams,
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(contractQueryOptions(params.id)).catch(notFoundOn404),
  component: ContractAddressesPage,
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});

function ContractAddressesPage() {
  const { id } = Route.useParams();
  const addresses = useContractAddresses(id);
  const vertrag = { id };
  return (
    <>
      <PageHeading>Rechnungsadressen für Vertrag {id}</PageHeading>
      <QueryCard
        title="Rechnungsadressen"
        query={addresses}
        errorText={(error) => errorMessage(error, 'Es ist ein unbekannter Fehler aufgetreten.')}
      >
        {(data) => <ContractAddressRows contractId={id} addresses={data} />}
      </QueryCard>
      <div className="button-row">
        <Link to="/vertrag/$id/rechnungsadresse/editieren" params={vertrag} className="button">
          Neue Rechnungsadresse anlegen
        </Link>
        <Link to="/vertrag/$id/detail" params={vertrag} className="button button-secondary">
          Zurück zum Vertrag
        </Link>
      </div>
    </>
  );
}
