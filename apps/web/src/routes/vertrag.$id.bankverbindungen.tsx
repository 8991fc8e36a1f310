import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useContractBankDetails } from '../features/bank/api/get-contract-bank-details';
import { ContractBankRows } from '../features/bank/components/bank-rows';
import { contractQueryOptions } from '../features/contracts/api/get-contract';
import { errorMessage } from '../lib/api-client';
import { notFoundOn404 } from '../lib/not-found';
import { PageHeading } from '../ui/page-heading';
import { QueryCard } from '../ui/query-card';
import { contractParams } from './-components/contract-params';
import { LoadError } from '../ui/load-error';

export const Route = createFileRoute('/vertrag/$id/bankverbindungen')({
  params: contractParams,
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(contractQueryOptions(params.id)).catch(notFoundOn404),
  component: ContractBankPage,
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});

function ContractBankPage() {
  const { id } = Route.useParams();
  const details = useContractBankDetails(id);
  const vertrag = { id };
  return (
    <>
      <PageHeading>Bankverbindungen für Vertrag {id}</PageHeading>
      <QueryCard
        title="Bankverbindungen"
        query={details}
        errorText={(error) => errorMessage(error, 'Es ist ein unbekannter Fehler aufgetreten.')}
      >
        {(data) => <ContractBankRows contractId={id} details={data} />}
      </QueryCard>
      <div className="button-row">
        <Link to="/vertrag/$id/bankverbindungen/editieren" params={vertrag} className="button">
          Neue Bankverbindung anlegen
        </Link>
        <Link to="/vertrag/$id/detail" params={vertrag} className="button button-secondary">
          Zurück zum Vertrag
        </Link>
      </div>
    </>
  );
}
