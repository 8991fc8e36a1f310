import { useId, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { Paths } from '@kundenportal/contract';

interface FormActionsProps {
  /** The primary button's text ("Senden", "Speichern", …). */
  submitLabel: string;
  /** A call in flight: the submit waits. */
  pending?: boolean | undefined;
  /** The form is not complete yet. */
  disabled?: boolean | undefined;
  /** Why the submit is disabled, shown beside it and linked to it. */
  missing?: ReactNode;
  /** What "Abbrechen" does; or `cancelTo`, where it leads. */
  onCancel?: (() => void) | undefined;
  cancelTo?: (typeof Paths)[keyof typeof Paths] | undefined;
  /** Instead of "Abbrechen", where a page has its own words (spec §2.2 "Zurück zur Anmeldung"). */
  cancelLabel?: string;
}

/**
 * Submit and cancel in one order on every form: the primary submit first, in the DOM and on the
 * screen, "Abbrechen" after it. A disabled submit says why, visibly, through `missing`.
 */
export function FormActions({
  submitLabel,
  pending = false,
  disabled = false,
  missing,
  onCancel,
  cancelTo,
  cancelLabel = 'Abbrechen',
}: FormActionsProps) {
  const id = useId();
  const showMissing = disabled && Boolean(missing);
  return (
    <div className="form-actions">
      <button
        type="submit"
        className="button"
        disabled={disabled || pending}
        aria-describedby={showMissing ? `${id}-missing` : undefined}
      >
        {submitLabel}
      </button>
      {cancelTo !== undefined ? (
        <Link to={cancelTo} className="button button-secondary">
          {cancelLabel}
        </Link>
      ) : (
        onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
        )
      )}
      {showMissing && (
        <p id={`${id}-missing`} className="form-actions-missing">
          {missing}
        </p>
      )}
    </div>
  );
}
