import type { Ref } from 'react';
import { invalid } from '@kundenportal/contract';
import { DatePicker } from './date-picker';

interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD, or empty. */
  value: string | null | undefined;
  onChange: (day: string) => void;
  onBlur?: (() => void) | undefined;
  name?: string | undefined;
  ref?: Ref<HTMLButtonElement> | undefined;
  min?: string | undefined;
  max?: string | undefined;
  hint?: string | undefined;
  /** The field's message (react-hook-form's `fieldState.error?.message`). */
  error?: string | undefined;
}

/**
 * The date field of every form: the German date picker with its label, hint and message.
 * With react-hook-form: `<Controller name="gueltigVon" control={control} render={({ field,
 * fieldState }) => <DateField label="Gültig ab" {...field} error={fieldState.error?.message} />} />`.
 */
export function DateField({ value, error, ...picker }: DateFieldProps) {
  return (
    <DatePicker {...picker} value={value ?? ''} feedback={error ? invalid(error) : undefined} />
  );
}
