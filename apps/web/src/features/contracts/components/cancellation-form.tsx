import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import {
  CANCELLATION_LABELS,
  CANCELLATION_REASON_LABELS,
  CANCELLATION_RETROACTIVE_NOTE,
  CancellationReasons,
  cancellationInputSchema,
  earliestCancellationDate,
  optionalLabel,
  type Contract,
} from '@kundenportal/contract';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { useFormGaps } from '../../../lib/missing-fields';
import { todayInGermany } from '../../../lib/today';
import { Alert } from '../../../ui/alert';
import { DateField } from '../../../ui/date-field';
import { FormActions } from '../../../ui/form-actions';
import { labelledOptions, SelectField } from '../../../ui/select-field';
import { useHolidays } from '../api/get-holidays';
import { useCancelContract } from '../api/cancel-contract';

/**
 * Spec §5: reason and last-delivery date required, the date not before the second working day
 * after today (the contract's earliestCancellationDate with the holidays, as on the server).
 */
export function CancellationForm({ contract }: { contract: Contract }) {
  const navigate = useNavigate();
  const mutation = useCancelContract(contract.id);
  const today = todayInGermany();
  const holidays = useHolidays(today);
  const earliest = holidays.data
    ? earliestCancellationDate(today, (day) => holidays.data.has(day))
    : undefined;
  const schema = useMemo(() => cancellationInputSchema(earliest), [earliest]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { grund: undefined, datum: '', text: '' },
    mode: 'onChange',
  });
  const { register, control, handleSubmit, formState, getValues, trigger } = form;
  // A day chosen before the holidays arrived is checked again once the earliest day is known.
  useEffect(() => {
    if (earliest && getValues('datum')) void trigger('datum');
  }, [earliest, getValues, trigger]);

  const gaps = useFormGaps(control, schema, CANCELLATION_LABELS);
  const [refusal, setRefusal] = useState<string>();

  const onSubmit = handleSubmit(async (input) => {
    const result = (ergebnis: 'SUCCESS' | 'ERROR') =>
      navigate({
        to: '/vertraege',
        state: { kuendigung: { vertragsnummer: contract.id, ergebnis } },
      });
    setRefusal(undefined);
    try {
      await mutation.mutateAsync(input);
      await result('SUCCESS');
    } catch (error) {
      // A refused date or reason stays on the form, with what the customer chose (docs/decisions/044-a-refused-cancellation-stays-on-its-form.md):
      // at its field, or above the form when no field carries it.
      if (error instanceof ApiError && error.status === 400) {
        if (!applyServerErrors(form, error)) setRefusal(error.message);
        return;
      }
      await result('ERROR');
    }
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {refusal && (
        <Alert tone="error" takeFocus>
          {refusal}
        </Alert>
      )}
      <Alert tone="info">{CANCELLATION_RETROACTIVE_NOTE}</Alert>
      <SelectField
        label={CANCELLATION_LABELS.grund}
        placeholder="Bitte wählen"
        options={labelledOptions(CancellationReasons, CANCELLATION_REASON_LABELS)}
        error={formState.errors.grund?.message}
        {...register('grund')}
      />
      <Controller
        control={control}
        name="datum"
        render={({ field, fieldState }) => (
          <DateField
            label={CANCELLATION_LABELS.datum}
            {...field}
            min={earliest}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="field">
        <label htmlFor="kuendigung-text">{optionalLabel('Weitere Angaben')}</label>
        <textarea id="kuendigung-text" rows={5} maxLength={2000} {...register('text')} />
      </div>
      <FormActions
        submitLabel="Vertrag kündigen"
        danger
        disabled={!formState.isValid}
        missing={gaps.missing}
        pending={mutation.isPending}
        onCancel={() => window.history.back()}
      />
    </form>
  );
}
