import {
  FALLING_METER_EXPLANATION,
  FALLING_METER_LABEL,
  formatDate,
  formatNumber,
  meterChannelName,
  type Consumption,
} from '@kundenportal/contract';

const kwh = (value: number | null) => (value === null ? '–' : `${formatNumber(value)} kWh`);

/** The consumption per reading period, per register where the meter has several. */
export function ConsumptionTable({ periods }: { periods: Consumption[] }) {
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
