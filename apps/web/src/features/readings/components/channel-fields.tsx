import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ReadingFormValues } from '@kundenportal/contract';
import { ChannelInput } from './channel-input';
import type { MeterChoice } from './meter-choice';

/** One field per channel of the chosen meter, each with the meter's last reading of it. */
export function ChannelFields({
  choice,
  register,
  errors,
  onEdit,
}: {
  choice: MeterChoice | undefined;
  register: UseFormRegister<ReadingFormValues>;
  errors: FieldErrors<ReadingFormValues>;
  /** A channel's value was changed (a refusal about it no longer applies). */
  onEdit: (field: `ablesewerte.${number}`) => void;
}) {
  if (!choice) return null;
  const { kanaele, letzteAblesung, nummer } = choice.meter;
  return kanaele.map((kanal, index) => {
    const wert = letzteAblesung?.ablesewerte[kanal.obiskennzahl];
    return (
      <ChannelInput
        key={`${choice.contractId}-${nummer}-${kanal.obiskennzahl}`}
        kanal={kanal}
        several={kanaele.length > 1}
        last={
          letzteAblesung && wert !== undefined
            ? { ablesedatum: letzteAblesung.ablesedatum, wert }
            : undefined
        }
        error={errors.ablesewerte?.[index]?.message}
        registration={register(`ablesewerte.${index}`, {
          onChange: () => onEdit(`ablesewerte.${index}`),
        })}
      />
    );
  });
}
