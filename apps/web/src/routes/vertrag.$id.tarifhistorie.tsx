import { createFileRoute, isNotFound, Link } from '@tanstack/react-router';
import {
  TARIFF_HISTORY_CONTRACT_FAILED_MESSAGE,
  TARIFF_HISTORY_FAILED_MESSAGE,
} from '@kundenportal/contract';
import { useContract } from '../features/contracts/api/get-contract';
import {
  tariffHistoryQueryOptions,
  useTariffHistory,
} from '../features/tariffs/api/get-tariff-history';
import { TariffHistory } from '../features/tariffs/components/tariff-history';
import { LoadError } from '../ui/load-error';
import { PageHeading } from '../ui/page-heading';

/** Which of the two loads failed decides the text (spec §8.6). */
class ContractLoadError extends Error {
  constructor(readonly cause: unknown) {
    super('contract');
  }
}

export const Route = createFileRoute('/vertrag/$id/tarifhistorie')({
  loader: async ({ context, params }) => {
    await context.contract.catch((error: unknown) => {
      if (isNotFound(error)) throw error;
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

function TariffHistoryPage() {
  const { id } = Route.useParams();
  const { data: contract } = useContract(id);
  const { data: history } = useTariffHistory(id);
  return (
    <>
      <PageHeading>{`Tarifhistorie für Vertrag ${id}`}</PageHeading>
      <TariffHistory contract={contract} history={history} />
      <Link to="/vertrag/$id/detail" params={{ id }} className="button button-secondary">
        Zurück
      </Link>
    </>
  );
}
