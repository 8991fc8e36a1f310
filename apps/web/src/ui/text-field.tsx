import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import type { Feedback } from '@kundenportal/contract';
import { describedBy, FieldMessages } from './field-messages';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label: string;
  feedback?: Feedback | undefined;
  hint?: ReactNode;
  prefix?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A visible German label, the input, an optional hint and the rule's message below it. */
export function TextField({ label, feedback, hint, prefix, ref, ...input }: TextFieldProps) {
  const id = useId();
  const invalid = feedback?.typ === 'invalid';
  return (
    <div className={`field${invalid ? ' field-invalid' : ''}`}>
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
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(id, hint, feedback)}
          {...input}
        />
      </div>
      <FieldMessages id={id} hint={hint} feedback={feedback} />
    </div>
  );
}
