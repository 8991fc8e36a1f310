import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import type { Feedback } from '@kundenportal/contract';
import { describedBy, FieldMessages, problemText } from './field-messages';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  /** Visible text; the field's accessible name. */
  label: ReactNode;
  /** The field's message (react-hook-form's `formState.errors.<name>?.message`). */
  error?: string | undefined;
  /** A rule's Feedback, for the forms that have not moved to the contract's schema yet. */
  feedback?: Feedback | undefined;
  hint?: ReactNode;
  prefix?: string;
  /** A unit after the input ("kWh"). */
  suffix?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A visible German label, the input, an optional hint and the field's message below it. */
export function TextField({
  label,
  error,
  feedback,
  hint,
  prefix,
  suffix,
  ref,
  ...input
}: TextFieldProps) {
  const id = useId();
  const message = problemText(error) ?? problemText(feedback);
  return (
    <div className={`field${message ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-control">
        {prefix && (
          <span className="field-prefix" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          id={id}
          ref={ref}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(id, hint, message)}
          {...input}
        />
        {suffix && <span className="field-suffix">{suffix}</span>}
      </div>
      <FieldMessages id={id} hint={hint} error={message} />
    </div>
  );
}
