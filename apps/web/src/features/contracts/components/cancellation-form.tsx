import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import {
  CANCELLATION_REASON_LABELS,
  CANCELLATION_RETROACTIVE_NOTE,
  CancellationReasons,
  cancellationTooEarlyMessage,
  earliestCancellationDate,
  minDate,
  type CancellationReason,
  type Contract,
} from '@kundenportal/contract';
import { ApiError } from '../../../lib/api-client';
import { todayInGermany } from '../../../lib/today';
import { Alert } from '../../../ui/alert';
import { DatePicker } from '../../../ui/date-picker';
import { useHolidays } from '../../holidays/api/get-holidays';
import { useCancelContract } from '../api/cancel-contract';

/** Spec §5: reason and last-delivery date required; the date not before the second working day. */
export function CancellationForm({ contract }: { contract: Contract }) {
  const navigate = useNavigate();
  const mutation = useCancelContract(contract.id);
  const today = todayInGermany();
  const holidays = useHolidays(today);
  const [grund, setGrund] = useState<CancellationReason | ''>('');
  const [datum, setDatum] = useState('');
  const [text, setText] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const earliest = holidays.data
    ? earliestCancellationDate(today, (day) => holidays.data.has(day))
    : undefined;
  const dateFeedback = fieldErrors['datum']
    ? { typ: 'invalid' as const, nachricht: fieldErrors['datum'] }
    : earliest
      ? minDate(earliest, cancellationTooEarlyMessage(earliest))(datum)
      : undefined;
  const canSubmit =
    grund !== '' && datum !== '' && dateFeedback?.typ !== 'invalid' && !mutation.isPending;

  const submit = async () => {
    if (grund === '') return;
    setFieldErrors({});
    try {
      await mutation.mutateAsync({ grund, datum, text: text.trim() || undefined });
      await navigate({
        to: '/vertraege',
        state: { kuendigung: { vertragsnummer: contract.id, ergebnis: 'SUCCESS' } },
      });
    } catch (error) {
      // A refused date or reason stays on the form, with what the customer chose.
      if (error instanceof ApiError && error.status === 400) {
        setFieldErrors(error.felder);
        return;
      }
      await navigate({
        to: '/vertraege',
        state: { kuendigung: { vertragsnummer: contract.id, ergebnis: 'ERROR' } },
      });
    }
  };

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {mutation.error instanceof ApiError && mutation.error.status === 400 && (
        <Alert tone="error">{mutation.error.message}</Alert>
      )}
      <Alert tone="info">{CANCELLATION_RETROACTIVE_NOTE}</Alert>
      <div className={`field${fieldErrors['grund'] ? ' field-invalid' : ''}`}>
        <label htmlFor="kuendigungsgrund">Kündigungsgrund</label>
        <select
          id="kuendigungsgrund"
          value={grund}
          onChange={(event) => setGrund(event.target.value as CancellationReason | '')}
        >
          <option value="">Bitte wählen</option>
          {CancellationReasons.map((reason) => (
            <option key={reason} value={reason}>
              {CANCELLATION_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
        {fieldErrors['grund'] && <p className="field-feedback">{fieldErrors['grund']}</p>}
      </div>
      <DatePicker
        label="Lieferende"
        value={datum}
        onChange={setDatum}
        min={earliest}
        feedback={dateFeedback}
      />
      <div className="field">
        <label htmlFor="kuendigung-text">Weitere Angaben (optional)</label>
        <textarea
          id="kuendigung-text"
          rows={5}
          value={text}
          maxLength={2000}
          onChange={(event) => setText(event.target.value)}
        />
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
