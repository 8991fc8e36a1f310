import { useId, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Messages, type Paths } from '@kundenportal/contract';
import { SubmitButton } from './submit-button';

interface FormActionsProps {
  /** The primary button's text ("Senden", "Speichern", …). */
  submitLabel: string;
  /** A submit that cannot be taken back (a cancellation) is styled as such. */
  danger?: boolean | undefined;
  /** A call in flight: the submit waits. */
  pending?: boolean | undefined;
  /** The form is not complete yet. */
  disabled?: boolean | undefined;
  /** Why the submit is disabled (lib/missing-fields.ts), shown above it and linked to it. */
  missing?: ReactNode;
  /** Nothing is filled in: spec §2.5's "Das Formular ist leer.", a quiet note, not an alert. */
  empty?: boolean | undefined;
  /** What "Abbrechen" does; or `cancelTo`, where it leads. */
  onCancel?: (() => void) | undefined;
  cancelTo?: (typeof Paths)[keyof typeof Paths] | undefined;
  /** Instead of "Abbrechen", where a page has its own words (spec §2.2 "Zurück zur Anmeldung"). */
  cancelLabel?: string;
}

/**
 * Submit and cancel in one order on every form: the primary submit first, in the DOM and on the
 * screen, "Abbrechen" after it. Above them the quiet notes: "Das Formular ist leer." and, while
 * the submit is disabled, why (`missing`); both are the submit's description.
 */
export function FormActions({
  submitLabel,
  danger = false,
  pending = false,
  disabled = false,
  missing,
  empty = false,
  onCancel,
  cancelTo,
  cancelLabel = 'Abbrechen',
}: FormActionsProps) {
  const id = useId();
  const showMissing = disabled && Boolean(missing);
  const notes = [empty ? `${id}-empty` : null, showMissing ? `${id}-missing` : null];
  return (
    <div className="form-actions">
      {empty && (
        <p id={`${id}-empty`} className="form-actions-missing">
          {Messages.emptyForm}
        </p>
      )}
      {showMissing && (
        <p id={`${id}-missing`} className="form-actions-missing">
          {missing}
        </p>
      )}
      <SubmitButton
        blocked={disabled || pending}
        className={danger ? 'button button-danger' : 'button'}
        describedBy={notes.filter(Boolean).join(' ') || undefined}
      >
        {submitLabel}
      </SubmitButton>
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
    </div>
  );
}
