import { Controller, type Control } from 'react-hook-form';
import type { CreateReadingInput, ReadingFormValues } from '@kundenportal/contract';
import { meterKey, type MeterChoice } from './meter-choice';
import { MeterSelect } from './meter-select';

/** The meter of the reading: shown on a contract's own form, chosen from a list on /ablesung. */
export function MeterField({
  control,
  choices,
  chosen,
  fixed,
  onChoose,
}: {
  control: Control<ReadingFormValues, unknown, CreateReadingInput>;
  choices: MeterChoice[];
  chosen: MeterChoice | undefined;
  fixed: boolean;
  /** A meter (or none) was chosen; before the form's value changes, so that it checks with it. */
  onChoose: (choice: MeterChoice | undefined) => void;
}) {
  if (fixed)
    return (
      chosen && (
        <p>
          Zähler <strong>{chosen.meter.nummer}</strong>
        </p>
      )
    );
  return (
    <Controller
      control={control}
      name="zaehlernummer"
      render={({ field, fieldState }) => (
        <MeterSelect
          options={choices.map((entry) => ({ key: meterKey(entry), ...entry }))}
          value={chosen ? meterKey(chosen) : ''}
          ref={field.ref}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          onChange={(next) => {
            const entry = choices.find((candidate) => meterKey(candidate) === next);
            onChoose(entry);
            field.onChange(entry?.meter.nummer ?? '');
          }}
        />
      )}
    />
  );
}
