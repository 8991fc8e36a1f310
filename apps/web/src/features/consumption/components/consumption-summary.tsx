import {
  FALLING_METER_EXPLANATION,
  FALLING_METER_LABEL,
  formatDate,
  formatKwh,
  meterChannelName,
  type Consumption,
} from '@kundenportal/contract';
import { Facts } from '../../../ui/facts';

export const NO_CONSUMPTION_TEXT =
  'Für diesen Vertrag sind keine Verbräuche in unserem System hinterlegt.';

export const CONSUMPTION_ERROR =
  'Beim Laden der Verbräuche ist ein unbekannter Fehler aufgetreten.';

/** The latest period; per channel only when there is more than one channel (spec §2.4). */
export function ConsumptionSummary({ periods }: { periods: Consumption[] }) {
  const latest = periods.at(-1);
  if (!latest) return <p>{NO_CONSUMPTION_TEXT}</p>;
  const perChannel = latest.proKanal.length > 1 ? latest.proKanal : [];
  if (latest.summe === null)
    return (
      <>
        <Facts
          facts={[
            { label: 'Zeitraum', value: `${formatDate(latest.von)} bis ${formatDate(latest.bis)}` },
            { label: 'Verbrauch', value: FALLING_METER_LABEL },
          ]}
        />
        <p className="muted">{FALLING_METER_EXPLANATION}</p>
      </>
    );
  return (
    <Facts
      facts={[
        { label: 'Zeitraum', value: `${formatDate(latest.von)} bis ${formatDate(latest.bis)}` },
        { label: 'Verbrauch', value: formatKwh(latest.summe) },
        {
          label: 'Hochgerechnet auf 365 Tage',
          value: latest.summeJahr === null ? null : formatKwh(latest.summeJahr),
        },
        ...perChannel.map((channel) => ({
          label: `Verbrauch ${meterChannelName(channel.obiskennzahl).name}`,
          value: channel.verbrauch === null ? null : formatKwh(channel.verbrauch),
        })),
      ]}
    />
  );
}
