import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from '@tanstack/react-router';
import {
  CANCELLATION_REASON_LABELS,
  CANCELLATION_RETROACTIVE_NOTE,
  CancellationReasons,
  cancellationTooEarlyMessage,
  earliestCancellationDate,
  invalid,
  minDate,
  type CancellationReason,
  type Contract,
} from '@kundenportal/contract';
import { ApiError } from '../../../lib/api-client';
import { todayInGermany } from '../../../lib/today';
import { Alert } from '../../../ui/alert';
import { DatePicker } from '../../../ui/date-picker';
import { useHolidays } from '../api/get-holidays';
import { useCancelContract } from '../api/cancel-contract';

interface CancellationValues {
  grund: CancellationReason | '';
  datum: string;
  text: string;
}

/** Spec §5: reason and last-delivery date required; the date not before the second working day. */
export function CancellationForm({ contract }: { contract: Contract }) {
  const navigate = useNavigate();
  const mutation = useCancelContract(contract.id);
  const today = todayInGermany();
  const holidays = useHolidays(today);
  const { register, control, handleSubmit, setError, clearErrors, formState } =
    useForm<CancellationValues>({
      defaultValues: { grund: '', datum: '', text: '' },
    });
  const { grund, datum } = useWatch({ control });

  const earliest = holidays.data
    ? earliestCancellationDate(today, (day) => holidays.data.has(day))
    : undefined;
  const serverDateError = formState.errors.datum?.message;
  const dateFeedback = serverDateError
    ? invalid(serverDateError)
    : earliest
      ? minDate(earliest, cancellationTooEarlyMessage(earliest))(datum)
      : undefined;
  const canSubmit = !!grund && !!datum && dateFeedback?.typ !== 'invalid' && !mutation.isPending;

  const refusal =
    mutation.error instanceof ApiError && mutation.error.status === 400 ? mutation.error : null;
  /** A refusal is answered by changing what it concerns: then it no longer applies. */
  const corrected = (field: keyof CancellationValues) => {
    clearErrors(field);
    const fields = Object.keys(refusal?.felder ?? {});
    if (refusal && (fields.length === 0 || fields.includes(field))) mutation.reset();
  };

  const onSubmit = handleSubmit(async (values) => {
    if (values.grund === '') return;
    const result = (ergebnis: 'SUCCESS' | 'ERROR') =>
      navigate({
        to: '/vertraege',
        state: { kuendigung: { vertragsnummer: contract.id, ergebnis } },
      });
    try {
      await mutation.mutateAsync({
        grund: values.grund,
        datum: values.datum,
        text: values.text.trim() || undefined,
      });
      await result('SUCCESS');
    } catch (error) {
      // A refused date or reason stays on the form, with what the customer chose.
      if (error instanceof ApiError && error.status === 400) {
        for (const [field, message] of Object.entries(error.felder)) {
          if (field === 'grund' || field === 'datum' || field === 'text')
            setError(field, { message });
        }
        return;
      }
      await result('ERROR');
    }
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {refusal && (
        <Alert tone="error" takeFocus>
          {refusal.message}
        </Alert>
      )}
      <Alert tone="info">{CANCELLATION_RETROACTIVE_NOTE}</Alert>
      <div className={`field${formState.errors.grund ? ' field-invalid' : ''}`}>
        <label htmlFor="kuendigungsgrund">Kündigungsgrund</label>
        <select
          id="kuendigungsgrund"
          {...register('grund', { onChange: () => corrected('grund') })}
        >
          <option value="">Bitte wählen</option>
          {CancellationReasons.map((reason) => (
            <option key={reason} value={reason}>
              {CANCELLATION_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
        {formState.errors.grund && (
          <p className="field-feedback">{formState.errors.grund.message}</p>
        )}
      </div>
      <Controller
        control={control}
        name="datum"
        render={({ field }) => (
          <DatePicker
            label="Lieferende"
            value={field.value}
            onChange={(day) => {
              corrected('datum');
              field.onChange(day);
            }}
            min={earliest}
            feedback={dateFeedback}
          />
        )}
      />
      <div className="field">
        <label htmlFor="kuendigung-text">Weitere Angaben (optional)</label>
        <textarea id="kuendigung-text" rows={5} maxLength={2000} {...register('text')} />
      </div>
      <div className="form-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => window.history.back()}
        >
          Abbrechen
        </button>
        <button type="submit" className="button button-danger" disabled={!canSubmit}>
          Vertrag kündigen
        </button>
      </div>
    </form>
  );
}
