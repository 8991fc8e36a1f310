import type { Ref } from 'react';
import type { Meter } from '@kundenportal/contract';

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
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor="ablesung-zaehler">Zähler</label>
      <select
        id="ablesung-zaehler"
        ref={ref}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'ablesung-zaehler-feedback' : undefined}
      >
        <option value="">Bitte wählen</option>
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {`${option.meter.nummer} (Vertrag ${option.contractId})`}
          </option>
        ))}
      </select>
      {error && (
        <p id="ablesung-zaehler-feedback" className="field-feedback">
          {error}
        </p>
      )}
    </div>
  );
}
