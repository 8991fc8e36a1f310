import type { ReactNode } from 'react';

type Tone = 'info' | 'success' | 'error' | 'warning';

/** Errors are announced at once (role alert); other notes politely (role status). */
export function Alert({
  tone,
  children,
  onClose,
}: {
  tone: Tone;
  children: ReactNode;
  onClose?: () => void;
}) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="alert-text">{children}</div>
      {onClose && (
        <button
          type="button"
          className="alert-close"
          onClick={onClose}
          aria-label="Meldung schließen"
        >
          ×
        </button>
      )}
    </div>
  );
}
