import {
  formatDate,
  NO_READINGS_MESSAGE,
  READING_SOURCE_LABELS,
  type Reading,
} from '@kundenportal/contract';
import { Facts } from '../../../ui/facts';
import { ReadingValues } from './reading-values';
import '../readings.css';

/** Readings come newest first. */
export function LastReading({ readings }: { readings: Reading[] }) {
  const [last] = readings;
  if (!last) return <p>{NO_READINGS_MESSAGE}</p>;
  return (
    <Facts
      facts={[
        { label: 'Ablesedatum', value: formatDate(last.ablesedatum) },
        { label: 'Zählernummer', value: last.zaehlernummer },
        { label: 'Zählerstand', value: <ReadingValues reading={last} /> },
        { label: 'Ermittlungsart', value: READING_SOURCE_LABELS[last.ermittlungsart] },
        { label: 'Ablesegrund', value: last.ablesegrund },
      ]}
    />
  );
}
