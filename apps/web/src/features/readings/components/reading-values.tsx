import { formatMeterReading, meterChannelName, type Reading } from '@kundenportal/contract';
import '../readings.css';

/**
 * A reading's values with the channel's decimals and unit; with several channels each named
 * as the meter's display does ("Hochtarif (HT)"), its code small beside it.
 */
export function ReadingValues({ reading }: { reading: Pick<Reading, 'ablesewerte'> }) {
  const values = Object.values(reading.ablesewerte);
  const shown = (value: (typeof values)[number]) =>
    formatMeterReading(value.obiskennzahl, value.ablesewert, value.nachkommastellen);
  if (values.length === 1) return <>{shown(values[0]!)}</>;
  return (
    <ul className="reading-values">
      {values.map((value) => (
        <li key={value.obiskennzahl}>
          {meterChannelName(value.obiskennzahl).name}:{' '}
          <span className="reading-value">{shown(value)}</span>{' '}
          <span className="channel-code">{value.obiskennzahl}</span>
        </li>
      ))}
    </ul>
  );
}
