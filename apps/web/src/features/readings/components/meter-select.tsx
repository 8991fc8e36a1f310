import type { Ref } from 'react';
import type { Meter } from '@kundenportal/contract';
import { SelectField } from '../../../ui/select-field';

/** The meters across the customer's contracts, labelled with meter number and contract. */
export function MeterSelect({
  options,
  value,
  onChange,
  onBlur,
  error,
  ref,
}: {
  options: { key: string; contractId: number; meter: Meter }[];
  /** The key of the chosen contract's meter, or empty. */
  value: string;
  onChange: (key: string) => void;
  onBlur: () => void;
  error: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}) {
  return (
    <SelectField
      label="Zähler"
      placeholder="Bitte wählen"
      options={options.map((option) => ({
        value: option.key,
        label: `${option.meter.nummer} (Vertrag ${option.contractId})`,
      }))}
      ref={ref}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error}
    />
  );
}
