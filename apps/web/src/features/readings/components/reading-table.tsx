import {
  ablesegrundExplanation,
  formatDate,
  NO_READINGS_MESSAGE,
  READING_SOURCE_EXPLANATIONS,
  READING_SOURCE_LABELS,
  type Reading,
} from '@kundenportal/contract';
import { Explained } from '../../../ui/explained';
import { ReadingPhoto } from './reading-photo';
import { ReadingValues } from './reading-values';
import '../readings.css';

/** Stacked on a phone, a row without a value is hidden rather than shown as "–". */
function emptyCell(hasValue: boolean): string | undefined {
  return hasValue ? undefined : 'cell-empty';
}

/** Spec §2.4: the readings table; on a phone each row becomes a labelled block. */
export function ReadingTable({
  contractId,
  readings,
}: {
  contractId: number;
  readings: Reading[];
}) {
  if (readings.length === 0) return <p>{NO_READINGS_MESSAGE}</p>;
  return (
    <table className="table table-stack table-stack-wide">
      <caption className="visually-hidden">Ablesungen, die neueste zuerst</caption>
      {/* Soft hyphens let the long headers break, so that seven columns fit a laptop. */}
      <thead>
        <tr>
          <th scope="col">Ablesedatum</th>
          <th scope="col">Zählernummer</th>
          <th scope="col">Zählerstand</th>
          <th scope="col">Ablesegrund</th>
          <th scope="col">{'Erfassungs\u00ADhinweis'}</th>
          <th scope="col">{'Ermittlungs\u00ADart'}</th>
          <th scope="col">Ableseart</th>
        </tr>
      </thead>
      <tbody>
        {readings.map((reading) => (
          <tr key={`${reading.zaehlernummer}-${reading.ablesedatum}`}>
            <td data-label="Ablesedatum">{formatDate(reading.ablesedatum)}</td>
            <td data-label="Zählernummer">{reading.zaehlernummer}</td>
            <td data-label="Zählerstand">
              <ReadingValues reading={reading} />
            </td>
            <td data-label="Ablesegrund" className={emptyCell(Boolean(reading.ablesegrund))}>
              <Explained
                term={reading.ablesegrund ?? '–'}
                explanation={ablesegrundExplanation(reading.ablesegrund)}
              />
            </td>
            <td
              data-label="Erfassungshinweis"
              className={emptyCell(Boolean(reading.erfassungshinweis) || Boolean(reading.foto))}
            >
              {reading.erfassungshinweis ?? '–'}
              {reading.foto && (
                <div>
                  <ReadingPhoto contractId={contractId} reading={reading} />
                </div>
              )}
            </td>
            <td data-label="Ermittlungsart">
              <Explained
                term={READING_SOURCE_LABELS[reading.ermittlungsart]}
                explanation={READING_SOURCE_EXPLANATIONS[reading.ermittlungsart]}
              />
            </td>
            <td data-label="Ableseart" className={emptyCell(Boolean(reading.ableseart))}>
              {reading.ableseart ?? '–'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
