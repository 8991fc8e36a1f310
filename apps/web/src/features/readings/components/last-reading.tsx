import {
  ablesegrundExplanation,
  formatDate,
  NO_READINGS_MESSAGE,
  READING_SOURCE_EXPLANATIONS,
  READING_SOURCE_LABELS,
  type Reading,
} from '@kundenportal/contract';
import { Explained } from '../../../ui/explained';
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
        {
          label: 'Ermittlungsart',
          value: (
            <Explained
              term={READING_SOURCE_LABELS[last.ermittlungsart]}
              explanation={READING_SOURCE_EXPLANATIONS[last.ermittlungsart]}
            />
          ),
        },
        {
          label: 'Ablesegrund',
          value: last.ablesegrund && (
            <Explained
              term={last.ablesegrund}
              explanation={ablesegrundExplanation(last.ablesegrund)}
            />
          ),
        },
      ]}
    />
  );
}
