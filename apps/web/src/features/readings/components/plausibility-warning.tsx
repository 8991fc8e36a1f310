import { useEffect, useRef } from 'react';
import { meterChannelName, type Plausibility } from '@kundenportal/contract';
import '../readings.css';

/**
 * The server's doubts about the values. The customer corrects them here or confirms them with
 * the form's one submit, which then says so ("Zählerstand bestätigen und übermitteln").
 */
export function PlausibilityWarning({
  plausibility,
  severalChannels,
  onCorrect,
}: {
  plausibility: Plausibility;
  severalChannels: boolean;
  onCorrect: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Focus once when the warning appears, so that a screen reader reads it before the buttons.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="alert alert-warning" role="alert" tabIndex={-1}>
      <div className="alert-text">
        <p>
          <strong>Bitte prüfen Sie Ihre Angaben.</strong> Der Zählerstand erscheint uns
          ungewöhnlich:
        </p>
        <ul>
          {plausibility.hinweise.map((hint) => (
            <li key={`${hint.obiskennzahl}-${hint.hinweis}`}>
              {severalChannels
                ? `${meterChannelName(hint.obiskennzahl).name}: ${hint.hinweis}`
                : hint.hinweis}
            </li>
          ))}
        </ul>
        <p>
          Wenn der Zählerstand stimmt, übermitteln Sie ihn unten mit „Zählerstand bestätigen und
          übermitteln“.
        </p>
        <div className="plausibility-actions">
          <button type="button" className="button button-secondary" onClick={onCorrect}>
            Eingabe korrigieren
          </button>
        </div>
      </div>
    </div>
  );
}
