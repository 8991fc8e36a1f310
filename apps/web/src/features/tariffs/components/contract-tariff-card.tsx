import { useQuery } from '@tanstack/react-query';
import {
  lastTariff,
  MASTER_DATA_FAILED_MESSAGE,
  NO_TARIFF_MESSAGE,
  type Contract,
} from '@kundenportal/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { QueryCard } from '../../../ui/query-card';
import { useCurrentTariff } from '../api/get-current-tariff';
import { tariffHistoryQueryOptions } from '../api/get-tariff-history';
import { TariffDetails } from './tariff-details';

/** An ended contract's tariff: the last one it had, from its history. */
function LastTariffCard({ contract, lieferende }: { contract: Contract; lieferende: string }) {
  const history = useQuery(tariffHistoryQueryOptions(contract.id));
  return (
    <QueryCard
      title="Letzter Tarif"
      query={history}
      errorText={(error) => errorMessage(error, MASTER_DATA_FAILED_MESSAGE)}
    >
      {(data) => {
        const tariff = lastTariff(data.historie, contract.lieferbeginn, lieferende);
        return tariff ? (
          <TariffDetails tariff={tariff} kundenArt={contract.kundenArt} />
        ) : (
          <Alert tone="info">{NO_TARIFF_MESSAGE}</Alert>
        );
      }}
    </QueryCard>
  );
}

/** The current tariff of a contract still supplied, or spec §8.6's text where there is none. */
function CurrentTariffCard({ contract }: { contract: Contract }) {
  const tariff = useCurrentTariff(contract.id);
  return tariff.error instanceof ApiError && tariff.error.status === 404 ? (
    <section className="card" aria-labelledby="tarif">
      <h2 id="tarif">Aktueller Tarif</h2>
      <Alert tone="info">{NO_TARIFF_MESSAGE}</Alert>
    </section>
  ) : (
    <QueryCard
      title="Aktueller Tarif"
      query={tariff}
      errorText={(error) => errorMessage(error, MASTER_DATA_FAILED_MESSAGE)}
    >
      {(data) => <TariffDetails tariff={data} kundenArt={contract.kundenArt} />}
    </QueryCard>
  );
}

/** The contract page's tariff: the current one, or an ended contract's last (its `lieferende`). */
export function ContractTariffCard({
  contract,
  lieferende,
}: {
  contract: Contract;
  lieferende: string | null;
}) {
  return lieferende === null ? (
    <CurrentTariffCard contract={contract} />
  ) : (
    <LastTariffCard contract={contract} lieferende={lieferende} />
  );
}
