import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { cancellationErrorMessage, cancellationSuccessMessage } from '@kundenportal/contract';
import { ensureContracts, useContracts } from '../features/contracts/api/get-contracts';
import { ContractCard } from '../features/contracts/components/contract-card';
import { Alert } from '../ui/alert';
import { LoadError } from './-components/load-error';

export const Route = createFileRoute('/vertraege')({
  loader: ({ context }) => ensureContracts(context.queryClient),
  component: ContractsPage,
  errorComponent: () => <LoadError message="Es ist ein unbekannter Fehler aufgetreten." />,
});

function ContractsPage() {
  const contracts = useContracts();
  const result = useRouterState({ select: (state) => state.location.state.kuendigung });
  return (
    <>
      <h1>Verträge</h1>
      {result?.ergebnis === 'SUCCESS' && (
        <Alert tone="success">{cancellationSuccessMessage(result.vertragsnummer)}</Alert>
      )}
      {result?.ergebnis === 'ERROR' && (
        <Alert tone="error">{cancellationErrorMessage(result.vertragsnummer)}</Alert>
      )}
      {contracts.length === 0 && (
        <Alert tone="info">Es wurden keine Verträge im System gefunden.</Alert>
      )}
      <div className="card-list">
        {contracts.map((contract) => (
          <ContractCard
            key={contract.id}
            contract={contract}
            mayCancel={contract.status === 'AKTIV' && result?.ergebnis !== 'SUCCESS'}
          />
        ))}
      </div>
    </>
  );
}
