import { createFileRoute, Link } from '@tanstack/react-router';
import { classifyTariffs, type KundenArt, type Tariff } from '@kundenportal/contract';
import { contractQueryOptions, useContract } from '../features/contracts/api/get-contract';
import {
  tariffHistoryQueryOptions,
  useTariffHistory,
} from '../features/tariffs/api/get-tariff-history';
import { TariffDetails } from '../features/tariffs/components/tariff-details';
import { ApiError } from '../lib/api-client';
import { notFoundOn404 } from '../lib/not-found';
import { todayInGermany } from '../lib/today';
import { contractParams, useContractId } from './-components/contract-params';
import { LoadError } from './-components/load-error';

class ContractLoadError extends Error {}

export const Route = createFileRoute('/vertrag/$id/tarifhistorie')({
  params: contractParams,
  loader: async ({ context, params }) => {
    await context.queryClient
      .ensureQueryData(contractQueryOptions(params.id))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) notFoundOn404(error);
        throw new ContractLoadError();
      });
    await context.queryClient.ensureQueryData(tariffHistoryQueryOptions(params.id));
  },
  component: TariffHistoryPage,
  errorComponent: ({ error }) => (
    <LoadError
      message={
        error instanceof ContractLoadError
          ? 'Es ist ein Fehler bei Laden des Vertrags aufgetreten.'
          : 'Es ist ein Fehler bei Laden der Tarifhistorie aufgetreten.'
      }
    />
  ),
});

function TariffSection({
  title,
  tariffs,
  kundenArt,
}: {
  title: string;
  tariffs: Tariff[];
  kundenArt: KundenArt;
}) {
  return (
    <section className="card">
      <h2>{title}</h2>
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
  const id = useContractId();
  const { data: contract } = useContract(id);
  const { data } = useTariffHistory(id);
  const { current, future, previous } = classifyTariffs(
    data.historie,
    contract.lieferbeginn,
    todayInGermany(),
  );
  return (
    <>
      <h1>Tarifhistorie für Vertrag {id}</h1>
      <TariffSection
        title="Aktueller Tarif"
        tariffs={current ? [current] : []}
        kundenArt={contract.kundenArt}
      />
      <TariffSection title="Zukünftige Tarife" tariffs={future} kundenArt={contract.kundenArt} />
      <TariffSection title="Vorherige Tarife" tariffs={previous} kundenArt={contract.kundenArt} />
      <Link
        to="/vertrag/$id/detail"
        params={{ id: String(id) }}
        className="button button-secondary"
      >
        Zurück
      </Link>
    </>
  );
}
