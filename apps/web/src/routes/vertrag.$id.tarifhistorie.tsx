import { createFileRoute, Link } from '@tanstack/react-router';
import {
  classifyTariffs,
  deliveryDates,
  formatDate,
  TARIFF_HISTORY_CONTRACT_FAILED_MESSAGE,
  TARIFF_HISTORY_FAILED_MESSAGE,
  type Contract,
  type KundenArt,
  type Tariff,
} from '@kundenportal/contract';
import { contractQueryOptions, useContract } from '../features/contracts/api/get-contract';
import {
  tariffHistoryQueryOptions,
  useTariffHistory,
} from '../features/tariffs/api/get-tariff-history';
import { TariffDetails } from '../features/tariffs/components/tariff-details';
import { ApiError } from '../lib/api-client';
import { notFoundOn404 } from '../lib/not-found';
import { todayInGermany } from '../lib/today';
import { contractParams } from './-components/contract-params';
import { LoadError } from '../ui/load-error';
import { PageHeading } from '../ui/page-heading';

/** Which of the two loads failed decides the text (spec §8.6). */
class ContractLoadError extends Error {
  constructor(readonly cause: unknown) {
    super('contract');
  }
}

export const Route = createFileRoute('/vertrag/$id/tarifhistorie')({
  params: contractParams,
  loader: async ({ context, params }) => {
    await context.queryClient
      .ensureQueryData(contractQueryOptions(params.id))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) notFoundOn404(error);
        throw new ContractLoadError(error);
      });
    await context.queryClient.ensureQueryData(tariffHistoryQueryOptions(params.id));
  },
  component: TariffHistoryPage,
  errorComponent: ({ error }) =>
    error instanceof ContractLoadError ? (
      <LoadError error={error.cause} fallback={TARIFF_HISTORY_CONTRACT_FAILED_MESSAGE} />
    ) : (
      <LoadError error={error} fallback={TARIFF_HISTORY_FAILED_MESSAGE} />
    ),
});

function TariffSection({
  title,
  tariffs,
  kundenArt,
  note,
}: {
  title: string;
  tariffs: Tariff[];
  kundenArt: KundenArt;
  note?: string;
}) {
  return (
    <section className="card">
      <h2>{title}</h2>
      {note && <p>{note}</p>}
      {tariffs.length === 0 ? (
        <p>Keine Einträge vorhanden.</p>
      ) : (
        <ul className="plain-list">
          {tariffs.map((tariff) => (
            <li key={`${tariff.name}-${tariff.gueltigVon ?? ''}`}>
              <TariffDetails tariff={tariff} kundenArt={kundenArt} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TariffHistoryPage() {
  const { id } = Route.useParams();
  const { data: contract } = useContract(id);
  const { data } = useTariffHistory(id);
  const { current, future, previous, undated } = classifyTariffs(
    data.historie,
    contract.lieferbeginn,
    todayInGermany(),
  );
  return (
    <>
      <PageHeading>{`Tarifhistorie für Vertrag ${id}`}</PageHeading>
      <TariffSection
        title="Aktueller Tarif"
        tariffs={current ? [current] : []}
        kundenArt={contract.kundenArt}
      />
      <TariffSection title="Zukünftige Tarife" tariffs={future} kundenArt={contract.kundenArt} />
      <TariffSection title="Vorherige Tarife" tariffs={previous} kundenArt={contract.kundenArt} />
      {undated.length > 0 && (
        <TariffSection
          {...undatedSection(contract)}
          tariffs={undated}
          kundenArt={contract.kundenArt}
        />
      )}
      <Link to="/vertrag/$id/detail" params={{ id }} className="button button-secondary">
        Zurück
      </Link>
    </>
  );
}

/**
 * A tariff without a start while the contract has no delivery start: agreed for a delivery that
 * has not begun, or — on a voided contract — never in force. It gets no made-up dates.
 */
function undatedSection(contract: Contract): { title: string; note: string } {
  if (contract.status === 'STORNIERT') {
    return {
      title: 'Nie wirksam gewordene Tarife',
      note: 'Der Vertrag wurde storniert, bevor die Belieferung begann. Diese Tarife sind daher nie wirksam geworden.',
    };
  }
  const start = deliveryDates(contract)[0];
  return {
    title: 'Vereinbarte Tarife ab Lieferbeginn',
    note:
      start?.date !== undefined && start.date !== null
        ? `Diese Tarife gelten ab dem Lieferbeginn, der noch nicht feststeht (${start.label}: ${formatDate(start.date)}).`
        : 'Diese Tarife gelten ab dem Lieferbeginn, der noch nicht feststeht.',
  };
}
