import { useQueries } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  endedOn,
  Messages,
  METER_LOAD_FAILED_MESSAGE,
  NO_CONTRACTS_FOR_METERS_MESSAGE,
} from '@kundenportal/contract';
import { contractQueryOptions } from '../features/contracts/api/get-contract';
import { customerQueryOptions, useCustomer } from '../features/customer/api/get-customer';
import { hasNoMeter, meterQueryOptions } from '../features/readings/api/get-meter';
import { meterKey, type MeterChoice } from '../features/readings/components/meter-choice';
import { ReadingForm } from '../features/readings/components/reading-form';
import { WaitingReadingsList } from '../features/readings/outbox/waiting-readings-list';
import { errorMessage } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { LoadError } from '../ui/load-error';
import { searchText } from '../lib/search-text';
import { todayInGermany } from '../lib/today';
import { startInTurns } from '../lib/start-in-turns';
import { PageHeading } from '../ui/page-heading';
import { FormPageSkeleton, SkeletonForm } from '../ui/skeleton';

/** ?zaehler={nummer}: the supplier's reading letter links here with a QR code. */
const readingSearch = (search: Record<string, unknown>) => ({
  zaehler: searchText(search.zaehler, { trim: true }),
});

export const Route = createFileRoute('/ablesung')({
  validateSearch: readingSearch,
  loader: async ({ context: { queryClient } }) => {
    const customer = await queryClient.ensureQueryData(customerQueryOptions());
    // Meters and contracts load and fail each on their own; prefetching never throws.
    await startInTurns(
      customer.vertraege.flatMap((id) => [
        () => queryClient.prefetchQuery(meterQueryOptions(id)),
        () => queryClient.prefetchQuery(contractQueryOptions(id)),
      ]),
    );
  },
  component: ReadingPage,
  pendingComponent: () => <FormPageSkeleton heading="Ablesung erfassen" fields={4} />,
  errorComponent: ({ error }) => <LoadError error={error} fallback={Messages.unknownError} />,
});

function ReadingPage() {
  const search: unknown = Route.useSearch();
  const { zaehler } = readingSearch(search as Record<string, unknown>);
  const { data: customer } = useCustomer();
  const ids = customer.vertraege;
  const meters = useQueries({ queries: ids.map((id) => meterQueryOptions(id)) });
  const contracts = useQueries({ queries: ids.map((id) => contractQueryOptions(id)) });

  const loading = meters.some((meter) => meter.isPending);
  const failed = ids.flatMap((id, index) => {
    const meter = meters[index];
    return meter?.isError && !hasNoMeter(meter.error) ? [{ id, meter }] : [];
  });
  const today = todayInGermany();
  const choices: MeterChoice[] = ids.flatMap((id, index) => {
    const meter = meters[index]?.data;
    const contract = contracts[index]?.data;
    // An ended contract's meter takes no more readings.
    return meter && !(contract && endedOn(contract, today))
      ? [
          {
            contractId: id,
            meter,
            lieferbeginn: contract?.lieferbeginn ?? null,
            lieferende: contract?.lieferende ?? null,
          },
        ]
      : [];
  });
  const preselected = zaehler
    ? choices.find((choice) => choice.meter.nummer === zaehler)
    : undefined;

  return (
    <>
      <section className="card card-narrow" aria-labelledby="ablesung-titel">
        <PageHeading id="ablesung-titel">Ablesung erfassen</PageHeading>
        {loading ? (
          <SkeletonForm fields={4} />
        ) : (
          <>
            {failed.map(({ id, meter }) => (
              <Alert key={id} tone="error">
                {`Vertrag ${id}: ${errorMessage(meter.error, METER_LOAD_FAILED_MESSAGE)}`}{' '}
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => void meter.refetch()}
                >
                  {`Zähler zu Vertrag ${id} neu laden`}
                </button>
              </Alert>
            ))}
            {choices.length === 0 && failed.length === 0 && (
              <Alert tone="info">{NO_CONTRACTS_FOR_METERS_MESSAGE}</Alert>
            )}
            {zaehler && !preselected && choices.length > 0 && (
              <Alert tone="info">{`Der Zähler ${zaehler} gehört zu keinem Ihrer Verträge. Bitte wählen Sie einen Zähler aus der Liste.`}</Alert>
            )}
            {choices.length > 0 && (
              <ReadingForm
                key={preselected ? meterKey(preselected) : 'ohne'}
                choices={choices}
                initialKey={preselected && meterKey(preselected)}
              />
            )}
          </>
        )}
      </section>
      <WaitingReadingsList />
    </>
  );
}
