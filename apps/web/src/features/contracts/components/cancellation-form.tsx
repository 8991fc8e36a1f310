import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import {
  CANCELLATION_REASON_LABELS,
  CANCELLATION_RETROACTIVE_NOTE,
  CancellationReasons,
  cancellationInputSchema,
  earliestCancellationDate,
  type Contract,
} from '@kundenportal/contract';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { todayInGermany } from '../../../lib/today';
import { Alert } from '../../../ui/alert';
import { DateField } from '../../../ui/date-field';
import { FormActions } from '../../../ui/form-actions';
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
  const form = useForm({
    resolver: zodResolver(cancellationInputSchema(earliest)),
    defaultValues: { grund: undefined, datum: '', text: '' },
    mode: 'onChange',
  });
  const { register, control, handleSubmit, formState, getValues, trigger } = form;
  // A day chosen before the holidays arrived is checked again once the earliest day is known.
  useEffect(() => {
    if (earliest && getValues('datum')) void trigger('datum');
  }, [earliest, getValues, trigger]);

  const refusal =
    mutation.error instanceof ApiError && mutation.error.status === 400 ? mutation.error : null;
  /** A refusal is answered by changing what it concerns: then it no longer applies. */
  const corrected = (field: 'grund' | 'datum' | 'text') => {
    const fields = Object.keys(refusal?.felder ?? {});
    if (refusal && (fields.length === 0 || fields.includes(field))) mutation.reset();
  };

  const onSubmit = handleSubmit(async (input) => {
    const result = (ergebnis: 'SUCCESS' | 'ERROR') =>
      navigate({
        to: '/vertraege',
        state: { kuendigung: { vertragsnummer: contract.id, ergebnis } },
      });
    try {
      await mutation.mutateAsync(input);
      await result('SUCCESS');
    } catch (error) {
      // A refused date or reason stays on the form, with what the customer chose (decision 6).
      if (error instanceof ApiError && error.status === 400) {
        applyServerErrors(form, error);
        return;
      }
      await result('ERROR');
    }
  });
  const grundError = formState.errors.grund?.message;

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {refusal && (
        <Alert tone="error" takeFocus>
          {refusal.message}
        </Alert>
      )}
      <Alert tone="info">{CANCELLATION_RETROACTIVE_NOTE}</Alert>
      <div className={`field${grundError ? ' field-invalid' : ''}`}>
        <label htmlFor="kuendigungsgrund">Kündigungsgrund</label>
        <select
          id="kuendigungsgrund"
          aria-invalid={grundError ? true : undefined}
          aria-describedby={grundError ? 'kuendigungsgrund-feedback' : undefined}
          {...register('grund', { onChange: () => corrected('grund') })}
        >
          <option value="">Bitte wählen</option>
          {CancellationReasons.map((reason) => (
            <option key={reason} value={reason}>
              {CANCELLATION_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
        {grundError && (
          <p id="kuendigungsgrund-feedback" className="field-feedback">
            {grundError}
          </p>
        )}
      </div>
      <Controller
        control={control}
        name="datum"
        render={({ field, fieldState }) => (
          <DateField
            label="Lieferende"
            {...field}
            onChange={(day) => {
              corrected('datum');
              field.onChange(day);
            }}
            min={earliest}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="field">
        <label htmlFor="kuendigung-text">Weitere Angaben (optional)</label>
        <textarea
          id="kuendigung-text"
          rows={5}
          maxLength={2000}
          {...register('text', { onChange: () => corrected('text') })}
        />
      </div>
      <FormActions
        submitLabel="Vertrag kündigen"
        danger
        disabled={!formState.isValid}
        pending={mutation.isPending}
        onCancel={() => window.history.back()}
      />
    </form>
  );
}
