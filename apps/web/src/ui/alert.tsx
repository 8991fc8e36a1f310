import { useEffect, useRef, type ReactNode } from 'react';

type Tone = 'info' | 'success' | 'error' | 'warning';

/**
 * Errors are announced at once (role alert); other notes politely (role status). With
 * `takeFocus` the alert receives the focus when it appears, as after a refused submit.
 */
export function Alert({
  tone,
  children,
  onClose,
  takeFocus = false,
}: {
  tone: Tone;
  children: ReactNode;
  onClose?: () => void;
  takeFocus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus, children]);
  return (
    <div
      ref={ref}
      className={`alert alert-${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={takeFocus ? -1 : undefined}
    >
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
