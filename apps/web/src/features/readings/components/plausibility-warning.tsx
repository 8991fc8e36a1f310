import { useEffect, useRef } from 'react';
import type { Plausibility } from '@kundenportal/contract';

/** The server's doubts about the values; the customer corrects them or confirms. */
export function PlausibilityWarning({
  plausibility,
  severalChannels,
  onCorrect,
  onConfirm,
  busy,
}: {
  plausibility: Plausibility;
  severalChannels: boolean;
  onCorrect: () => void;
  onConfirm: () => void;
  busy: boolean;
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
              {severalChannels ? `${hint.obiskennzahl}: ${hint.hinweis}` : hint.hinweis}
            </li>
          ))}
        </ul>
        <p>Wenn der Zählerstand stimmt, können Sie ihn trotzdem übermitteln.</p>
        <div className="plausibility-actions">
          <button type="button" className="button button-secondary" onClick={onCorrect}>
            Eingabe korrigieren
          </button>
          <button type="button" className="button" onClick={onConfirm} disabled={busy}>
            Zählerstand bestätigen und übermitteln
          </button>
        </div>
      </div>
    </div>
  );
}
