import { useId, useState } from 'react';
import { formatIban, maskedIban } from '@kundenportal/contract';

/**
 * An IBAN as banks show it: the last four digits, the rest behind "IBAN anzeigen", so that a
 * screen seen over a shoulder or shared in a video call gives the account away to no one. A
 * screen reader hears "endet auf 2051" instead of a row of dots; the full IBAN, once shown, is
 * announced where it appears.
 */
export function MaskedIban({ iban }: { iban: string }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <span className="masked-iban">
      <span id={id} className="masked-iban-value" aria-live="polite">
        {shown ? (
          formatIban(iban)
        ) : (
          <>
            <span aria-hidden="true">{maskedIban(iban)}</span>
            <span className="visually-hidden">
              {iban.slice(0, 2)}, endet auf {iban.slice(-4)}
            </span>
          </>
        )}
      </span>
      <button
        type="button"
        className="button button-secondary"
        aria-controls={id}
        aria-expanded={shown}
        onClick={() => setShown((now) => !now)}
      >
        {shown ? 'IBAN verbergen' : 'IBAN anzeigen'}
      </button>
    </span>
  );
}
