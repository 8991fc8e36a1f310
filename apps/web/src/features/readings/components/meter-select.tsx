import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Meter } from '@kundenportal/contract';

/** The meters across the customer's contracts, labelled with meter number and contract. */
export function MeterSelect({
  options,
  error,
  registration,
}: {
  options: { key: string; contractId: number; meter: Meter }[];
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor="ablesung-zaehler">Zähler</label>
      <select
        id="ablesung-zaehler"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'ablesung-zaehler-feedback' : undefined}
        {...registration}
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
