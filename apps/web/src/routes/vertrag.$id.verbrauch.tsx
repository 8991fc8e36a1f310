import { CONTRACT_LOAD_FAILED_MESSAGE } from '@kundenportal/contract';
import { createFileRoute, Link } from '@tanstack/react-router';
import {
  FALLING_METER_EXPLANATION,
  FALLING_METER_LABEL,
  formatDate,
  formatNumber,
  meterChannelName,
  type Consumption,
} from '@kundenportal/contract';
import { useConsumption } from '../features/consumption/api/get-consumption';
import {
  BilledConsumptionChart,
  YearlyConsumptionChart,
} from '../features/consumption/components/consumption-charts';
import { NO_CONSUMPTION_TEXT } from '../features/consumption/components/consumption-summary';
import { contractQueryOptions } from '../features/contracts/api/get-contract';
import { errorMessage } from '../lib/api-client';
import { notFoundOn404 } from '../lib/not-found';
import { PageHeading } from '../ui/page-heading';
import { QueryCard } from '../ui/query-card';
import { SkeletonChart } from '../ui/skeleton';
import { contractParams } from './-components/contract-params';
import { LoadError } from '../ui/load-error';

export const Route = createFileRoute('/vertrag/$id/verbrauch')({
  params: contractParams,
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(contractQueryOptions(params.id)).catch(notFoundOn404),
  component: ConsumptionPage,
  errorComponent: ({ error }) => (
    <LoadError error={error} fallback={CONTRACT_LOAD_FAILED_MESSAGE} />
  ),
});

const CONSUMPTION_ERROR = 'Beim Laden der Verbräuche ist ein unbekannter Fehler aufgetreten.';
const kwh = (value: number | null) => (value === null ? '–' : `${formatNumber(value)} kWh`);

function ConsumptionTable({ periods }: { periods: Consumption[] }) {
  const channels = [
    ...new Set(periods.flatMap((period) => period.proKanal.map((c) => c.obiskennzahl))),
  ];
  const perChannel = channels.length > 1 ? channels : [];
  const columns = [
    'Von',
    'Bis',
    'Verbrauch',
    ...perChannel.map((channel) => `Verbrauch ${meterChannelName(channel).name}`),
    'Hochgerechnet auf 365 Tage',
    'Prognose laufendes Jahr',
  ];
  return (
    <div className="table-scroll">
      <table className="table table-stack">
        <caption className="visually-hidden">Verbräuche je Ablesezeitraum</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {periods.map((period) => {
            const cells = [
              formatDate(period.von),
              formatDate(period.bis),
              period.zaehlerstandGefallen ? FALLING_METER_LABEL : kwh(period.summe),
              ...perChannel.map((channel) =>
                kwh(period.proKanal.find((c) => c.obiskennzahl === channel)?.verbrauch ?? null),
              ),
              kwh(period.summeJahr),
              kwh(period.prognose),
            ];
            return (
              <tr key={`${period.von}-${period.bis}`}>
                {cells.map((cell, index) => (
                  <td key={columns[index]} data-label={columns[index]}>
                    {cell}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {periods.some((period) => period.zaehlerstandGefallen) && (
        <p className="muted">{FALLING_METER_EXPLANATION}</p>
      )}
    </div>
  );
}

function ConsumptionPage() {
  const { id } = Route.useParams();
  const consumption = useConsumption(id);
  const errorText = (error: unknown) => errorMessage(error, CONSUMPTION_ERROR);
  return (
    <>
      <PageHeading>{`Verbräuche für Vertrag ${id}`}</PageHeading>
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
      <Link to="/vertrag/$id/detail" params={{ id }} className="button button-secondary">
        Zurück
      </Link>
    </>
  );
}
