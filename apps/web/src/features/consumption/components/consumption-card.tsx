import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../../lib/api-client';
import { QueryCard } from '../../../ui/query-card';
import { useConsumption } from '../api/get-consumption';
import { CONSUMPTION_ERROR, ConsumptionSummary } from './consumption-summary';

/** The contract page's consumption: the latest period, and the way to every one. */
export function ConsumptionCard({ contractId }: { contractId: number }) {
  const consumption = useConsumption(contractId);
  return (
    <QueryCard
      title="Verbrauch"
      query={consumption}
      errorText={(error) => errorMessage(error, CONSUMPTION_ERROR)}
    >
      {(data) => (
        <>
          <ConsumptionSummary periods={data} />
          {data.length > 0 && (
            <Link
              to="/vertrag/$id/verbrauch"
              params={{ id: contractId }}
              className="button button-secondary"
            >
              Alle Verbräuche
            </Link>
          )}
        </>
      )}
    </QueryCard>
  );
}
