import { errorMessage } from '../../../lib/api-client';
import { QueryCard } from '../../../ui/query-card';
import { SkeletonChart } from '../../../ui/skeleton';
import { useConsumption } from '../api/get-consumption';
import { BilledConsumptionChart, YearlyConsumptionChart } from './consumption-charts';
import { CONSUMPTION_ERROR, NO_CONSUMPTION_TEXT } from './consumption-summary';
import { ConsumptionTable } from './consumption-table';

/** A contract's consumption: the yearly and the billed chart, and every period as a table. */
export function ConsumptionOverview({ contractId }: { contractId: number }) {
  const consumption = useConsumption(contractId);
  const errorText = (error: unknown) => errorMessage(error, CONSUMPTION_ERROR);
  return (
    <>
      {/* Skeletons as high as what comes: nothing below moves when the values arrive. */}
      <QueryCard
        title="Jahresverbrauch"
        query={consumption}
        errorText={errorText}
        skeleton={<SkeletonChart tiles={0} />}
      >
        {(periods) =>
          periods.length === 0 ? (
            <p>{NO_CONSUMPTION_TEXT}</p>
          ) : (
            <YearlyConsumptionChart periods={periods} />
          )
        }
      </QueryCard>
      <QueryCard
        title="Abgerechneter Verbrauch"
        query={consumption}
        errorText={errorText}
        skeleton={<SkeletonChart tiles={0} />}
      >
        {(periods) =>
          periods.length === 0 ? (
            <p>{NO_CONSUMPTION_TEXT}</p>
          ) : (
            <BilledConsumptionChart periods={periods} />
          )
        }
      </QueryCard>
      <QueryCard title="Verbräuche" query={consumption} errorText={errorText} skeletonLines={8}>
        {(periods) =>
          periods.length === 0 ? (
            <p>{NO_CONSUMPTION_TEXT}</p>
          ) : (
            <ConsumptionTable periods={periods} />
          )
        }
      </QueryCard>
    </>
  );
}
