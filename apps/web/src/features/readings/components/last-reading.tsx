import {
  formatDate,
  formatNumber,
  meterChannelName,
  NO_READINGS_MESSAGE,
  READING_SOURCE_LABELS,
  type Reading,
} from '@kundenportal/contract';
import { Facts } from '../../../ui/facts';

/** The values of a reading with their units; the channel shows only with more than one. */
function readingValues(reading: Reading): string {
  const values = Object.values(reading.ablesewerte);
  return values
    .map((value) => {
      const channel = meterChannelName(value.obiskennzahl);
      const number = `${formatNumber(value.ablesewert, value.nachkommastellen)} ${channel.einheit}`;
      return values.length > 1 ? `${channel.name}: ${number}` : number;
    })
    .join(' · ');
}

/** Readings come newest first. */
export function LastReading({ readings }: { readings: Reading[] }) {
  const [last] = readings;
  if (!last) return <p>{NO_READINGS_MESSAGE}</p>;
  return (
    <Facts
      facts={[
        { label: 'Ablesedatum', value: formatDate(last.ablesedatum) },
        { label: 'Zählernummer', value: last.zaehlernummer },
        { label: 'Zählerstand', value: readingValues(last) },
        { label: 'Ermittlungsart', value: READING_SOURCE_LABELS[last.ermittlungsart] },
        { label: 'Ablesegrund', value: last.ablesegrund },
      ]}
    />
  );
}
