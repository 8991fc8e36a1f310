import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  ACCOUNT_HOLDER_MIN_LENGTH,
  invalid,
  looksLikeIbanStart,
  Messages,
  minDate,
  minLength,
  SEPA_MANDATE_TEXT,
  ValidityMessages,
  type Feedback,
} from '@kundenportal/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { tomorrowInGermany } from '../../../lib/today';
import { Alert } from '../../../ui/alert';
import { DatePicker } from '../../../ui/date-picker';
import { TextField } from '../../../ui/text-field';
import { useCreateBankDetails, useIbanCheck } from '../api/bank-details';

interface BankValues {
  kontoinhaber: string;
  iban: string;
  lastschrifteinzugErlaubt: boolean;
  gueltigVon: string;
}
type FieldName = 'kontoinhaber' | 'iban' | 'gueltigVon';

/** Spec §4.3: the IBAN is checked once the customer has stopped typing for 250 ms. */
const IBAN_CHECK_DELAY_MS = 250;

function useQuiet(value: string, delay: number): string {
  const [quiet, setQuiet] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setQuiet(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return quiet;
}

const HOLDER_MESSAGE = 'Der Kontoinhaber muss mindestens 3 Zeichen lang sein.';

/** Spec §5, bank details form; BIC and bank name come from the IBAN check, read-only. */
export function BankForm({
  contractId,
  onDone,
}: {
  contractId: number | null;
  onDone: () => Promise<void> | void;
}) {
  const mutation = useCreateBankDetails(contractId);
  const tomorrow = tomorrowInGermany();
  const { register, control, handleSubmit, setError, clearErrors, formState } = useForm<BankValues>(
    {
      defaultValues: { kontoinhaber: '', iban: '', lastschrifteinzugErlaubt: true, gueltigVon: '' },
      mode: 'onTouched',
    },
  );
  const values = useWatch({ control }) as BankValues;
  const typedIban = values.iban.replace(/\s+/g, '');
  const quietIban = useQuiet(typedIban, IBAN_CHECK_DELAY_MS);
  const check = useIbanCheck(quietIban);
  const pending = typedIban !== '' && (typedIban !== quietIban || check.isFetching);
  const result = !pending && typedIban !== '' ? check.data : undefined;

  const serverFeedback = (name: FieldName): Feedback | undefined => {
    const message = formState.errors[name]?.message;
    return message ? invalid(message) : undefined;
  };
  const holderRule =
    values.kontoinhaber.trim() === ''
      ? invalid('Bitte geben Sie den Kontoinhaber an.')
      : minLength(ACCOUNT_HOLDER_MIN_LENGTH, HOLDER_MESSAGE)(values.kontoinhaber);
  const holderFeedback =
    serverFeedback('kontoinhaber') ??
    (formState.touchedFields.kontoinhaber && holderRule.typ === 'invalid' ? holderRule : undefined);
  const ibanFeedback: Feedback | undefined =
    serverFeedback('iban') ??
    (check.isError && !pending
      ? invalid(errorMessage(check.error, Messages.unknownError))
      : result?.feedback.typ === 'invalid'
        ? result.feedback
        : undefined);
  const dateRule = minDate(tomorrow, ValidityMessages.validFromTooEarly)(values.gueltigVon);
  const canSubmit =
    holderRule.typ !== 'invalid' &&
    looksLikeIbanStart(values.iban) &&
    result?.valide === true &&
    values.gueltigVon !== '' &&
    dateRule.typ !== 'invalid' &&
    !mutation.isPending;
  const empty = values.kontoinhaber.trim() === '' && typedIban === '' && values.gueltigVon === '';

  const onSubmit = handleSubmit(async (input) => {
    try {
      await mutation.mutateAsync({
        kontoinhaber: input.kontoinhaber,
        iban: input.iban,
        gueltigVon: input.gueltigVon,
        lastschrifteinzugErlaubt: input.lastschrifteinzugErlaubt,
      });
      await onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status < 500)
        for (const [field, message] of Object.entries(error.felder))
          if (field === 'kontoinhaber' || field === 'iban' || field === 'gueltigVon')
            setError(field, { message });
    }
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {mutation.isError && (
        <Alert tone="error" takeFocus>
          {errorMessage(mutation.error, ValidityMessages.bankSaveFailed)}
        </Alert>
      )}
      {empty && <Alert tone="info">{Messages.emptyForm}</Alert>}
      <TextField
        label="Kontoinhaber"
        autoComplete="name"
        maxLength={100}
        feedback={holderFeedback}
        {...register('kontoinhaber', { onChange: () => clearErrors('kontoinhaber') })}
      />
      <TextField
        label="IBAN"
        prefix="DE"
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        maxLength={34}
        hint={
          pending ? (
            <span role="status">IBAN wird geprüft …</span>
          ) : result?.valide ? (
            <span role="status">Die IBAN ist gültig.</span>
          ) : (
            'Die 20 Ziffern nach DE, mit oder ohne Leerzeichen.'
          )
        }
        feedback={pending ? undefined : ibanFeedback}
        {...register('iban', { onChange: () => clearErrors('iban') })}
      />
      <TextField label="BIC" readOnly value={result?.bic ?? ''} />
      <TextField label="Bankname" readOnly value={result?.bankname ?? ''} />
      <div className="field field-checkbox">
        <input
          id="lastschrift"
          type="checkbox"
          aria-describedby="lastschrift-text"
          {...register('lastschrifteinzugErlaubt')}
        />
        <label htmlFor="lastschrift">Lastschrifteinzug erlaubt (SEPA-Lastschriftmandat)</label>
      </div>
      <p id="lastschrift-text" className="field-hint">
        {SEPA_MANDATE_TEXT} Die Mandatsreferenz teilen wir Ihnen nach dem Speichern mit.
      </p>
      <Controller
        control={control}
        name="gueltigVon"
        render={({ field }) => (
          <DatePicker
            label="Gültig ab"
            value={field.value}
            min={tomorrow}
            feedback={serverFeedback('gueltigVon') ?? (field.value ? dateRule : undefined)}
            onChange={(day) => {
              clearErrors('gueltigVon');
              field.onChange(day);
            }}
          />
        )}
      />
      <div className="form-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => window.history.back()}
        >
          Abbrechen
        </button>
        <button type="submit" className="button" disabled={!canSubmit}>
          Speichern
        </button>
      </div>
    </form>
  );
}
