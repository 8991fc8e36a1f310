import { createFileRoute, Link, useRouterState } from '@tanstack/react-router';
import {
  CONTRACT_LOAD_FAILED_MESSAGE,
  contractEndedReadingMessage,
  endedOn,
  METER_LOAD_FAILED_MESSAGE,
} from '@kundenportal/contract';
import { useContract } from '../features/contracts/api/get-contract';
import { hasNoMeter, useMeter } from '../features/readings/api/get-meter';
import { meterKey } from '../features/readings/components/meter-choice';
import { ReadingForm } from '../features/readings/components/reading-form';
import { useWaitingReadings } from '../features/readings/outbox/use-waiting-readings';
import { WaitingReadingsList } from '../features/readings/outbox/waiting-readings-list';
import { errorMessage } from '../lib/api-client';
import { todayInGermany } from '../lib/today';
import { Alert } from '../ui/alert';
import { LoadError } from '../ui/load-error';
import { PageHeading } from '../ui/page-heading';
import { FormPageSkeleton, SkeletonForm } from '../ui/skeleton';

export const Route = createFileRoute('/vertrag/$id/ablesung')({
  loader: ({ context }) => context.contract,
  component: ContractReadingPage,
  pendingComponent: function PendingReading() {
    const { id } = Route.useParams();
    return <FormPageSkeleton heading={`Ablesung für Vertrag ${id} erfassen`} fields={4} />;
  },
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});

function ContractReadingPage() {
  const { id } = Route.useParams();
  const { data: contract } = useContract(id);
  const meter = useMeter(id);
  const lieferende = endedOn(contract, todayInGermany());
  // A refused waiting reading, opened from its list to be corrected.
  const correctingKey = useRouterState({
    select: (state) => state.location.state.ablesungKorrigieren,
  });
  const waiting = useWaitingReadings();
  const correcting = waiting.data?.find(
    (reading) => reading.schluessel === correctingKey && reading.contractId === id,
  );
  return (
    <>
      <section className="card card-narrow" aria-labelledby="ablesung-titel">
        <PageHeading id="ablesung-titel">{`Ablesung für Vertrag ${id} erfassen`}</PageHeading>
        {lieferende !== null ? (
          <>
            <Alert tone="info">{contractEndedReadingMessage(id, lieferende)}</Alert>
            <Link to="/vertrag/$id/detail" params={{ id }} className="button button-secondary">
              Zum Vertrag
            </Link>
          </>
        ) : meter.isPending || (correctingKey !== undefined && waiting.isPending) ? (
          <SkeletonForm fields={4} />
        ) : meter.isError ? (
          <>
            <Alert tone={hasNoMeter(meter.error) ? 'info' : 'error'}>
              {errorMessage(meter.error, METER_LOAD_FAILED_MESSAGE)}
            </Alert>
            {!hasNoMeter(meter.error) && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void meter.refetch()}
              >
                Neu laden
              </button>
            )}
          </>
        ) : (
          (() => {
            const choice = {
              contractId: id,
              meter: meter.data,
              lieferbeginn: contract.lieferbeginn,
              lieferende: contract.lieferende,
            };
            return (
              <ReadingForm
                key={correctingKey ?? 'neu'}
                choices={[choice]}
                initialKey={meterKey(choice)}
                fixedMeter
                correcting={correcting}
              />
            );
          })()
        )}
      </section>
      <WaitingReadingsList />
    </>
  );
}
