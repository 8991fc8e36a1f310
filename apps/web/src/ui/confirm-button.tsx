import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Delete and end in two steps (spec §2.5): the action, then "Nein" / "Ja". The visible label
 * stays part of the accessible name; `detail` adds a visually hidden part such as the date.
 */
export function ConfirmButton({
  label,
  detail,
  question,
  onConfirm,
  pending = false,
}: {
  label: string;
  detail?: string;
  question: ReactNode;
  onConfirm: () => void;
  pending?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const no = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) no.current?.focus();
    else if (wasAsking.current) start.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button
        ref={start}
        type="button"
        className="button button-secondary"
        disabled={pending}
        onClick={() => setAsking(true)}
      >
        {label}
        {detail && <span className="visually-hidden"> {detail}</span>}
      </button>
    );
  }
  return (
    <div className="confirm" role="group" aria-label={`${label}${detail ? ` ${detail}` : ''}`}>
      <span className="confirm-question">{question}</span>
      <button
        ref={no}
        type="button"
        className="button button-secondary"
        onClick={() => setAsking(false)}
      >
        Nein
      </button>
      <button
        type="button"
        className="button button-danger"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Ja
      </button>
    </div>
  );
}
