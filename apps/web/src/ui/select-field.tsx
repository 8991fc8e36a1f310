import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { describedBy, FieldMessages, problemText } from './field-messages';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** Visible text; the field's accessible name. */
  label: ReactNode;
  /** The choices, in the order shown. */
  options: readonly { value: string; label: string }[];
  /** An empty first choice ("Bitte wählen") while nothing is chosen; omit where one must be. */
  placeholder?: string;
  /** The field's message (react-hook-form's `formState.errors.<name>?.message`). */
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A visible German label, the choice, an optional hint and the field's message below it. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  ref,
  ...select
}: SelectFieldProps) {
  const id = useId();
  const message = problemText(error);
  return (
    <div className={`field${message ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        ref={ref}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(id, hint, message)}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} hint={hint} error={message} />
    </div>
  );
}

/** Choices from a list of values and their German labels. */
export function labelledOptions<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
): { value: T; label: string }[] {
  return values.map((value) => ({ value, label: labels[value] }));
}
