import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { formatDate } from '@kundenportal/contract';
import { Alert } from '../../../ui/alert';
import { ConfirmButton } from '../../../ui/confirm-button';
import { ReadingValues } from '../components/reading-values';
import { outboxChanged } from './outbox-changes';
import { useWaitingReadings } from './use-waiting-readings';
import { forgetWaitingReading, type WaitingReading } from './waiting-readings';
import '../readings.css';

/**
 * The readings kept on this device, on the landing page and the reading screen:
 * date, meter and values, a refusal of the server at its reading, each deletable before it is
 * sent. Nothing while none waits.
 */
export function WaitingReadingsList() {
  const { data: waiting = [] } = useWaitingReadings();
  if (waiting.length === 0) return null;
  return (
    <section className="card waiting-readings" aria-labelledby="wartende-ablesungen">
      <h2 id="wartende-ablesungen">Wartende Ablesungen</h2>
      <p>
        Diese Ablesungen sind auf diesem Gerät gespeichert und werden gesendet, sobald eine
        Verbindung besteht.
      </p>
      <ul className="waiting-list">
        {waiting.map((reading) => (
          <WaitingEntry key={reading.schluessel} reading={reading} />
        ))}
      </ul>
    </section>
  );
}

function WaitingEntry({ reading }: { reading: WaitingReading }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const day = formatDate(reading.ablesedatum);
  return (
    <li className="waiting-entry">
      <dl className="waiting-facts">
        <div>
          <dt>Ablesedatum</dt>
          <dd>{day}</dd>
        </div>
        <div>
          <dt>Zähler</dt>
          <dd>{reading.zaehlernummer}</dd>
        </div>
        <div>
          <dt>Zählerstand</dt>
          <dd>
            <ReadingValues reading={{ ablesewerte: reading.anzeige }} />
          </dd>
        </div>
      </dl>
      {reading.ablehnung !== undefined && (
        <>
          <Alert tone="error">
            {`Nicht gespeichert: ${reading.ablehnung} Bitte korrigieren oder löschen Sie diese Ablesung.`}
          </Alert>
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              void navigate({
                to: '/vertrag/$id/ablesung',
                params: { id: reading.contractId },
                state: { ablesungKorrigieren: reading.schluessel },
              })
            }
          >
            Korrigieren
            <span className="visually-hidden">{` (Zähler ${reading.zaehlernummer}, ${day})`}</span>
          </button>
        </>
      )}
      <ConfirmButton
        label="Wartende Ablesung löschen"
        detail={`(Zähler ${reading.zaehlernummer}, ${day})`}
        question="Wirklich löschen?"
        pending={deleting}
        onConfirm={() => {
          setDeleting(true);
          void forgetWaitingReading(reading).then(() => outboxChanged());
        }}
      />
    </li>
  );
}
