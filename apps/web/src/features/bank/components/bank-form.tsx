import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  bankDetailsInputSchema,
  Messages,
  SEPA_MANDATE_TEXT,
  ValidityMessages,
} from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { tomorrowInGermany } from '../../../lib/today';
import { Alert } from '../../../ui/alert';
import { DateField } from '../../../ui/date-field';
import { FormActions } from '../../../ui/form-actions';
import { TextField } from '../../../ui/text-field';
import { useCreateBankDetails, useIbanCheck } from '../api/bank-details';

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

/**
 * Spec §5, bank details form: the contract's schema, which the server checks again; BIC and
 * bank name come from the server's IBAN check, read-only, and saving waits for its "valid".
 */
export function BankForm({
  contractId,
  onDone,
}: {
  contractId: number | null;
  onDone: () => Promise<void> | void;
}) {
  const mutation = useCreateBankDetails(contractId);
  const tomorrow = tomorrowInGermany();
  const form = useForm({
    resolver: zodResolver(bankDetailsInputSchema(tomorrow)),
    defaultValues: { kontoinhaber: '', iban: '', lastschrifteinzugErlaubt: true, gueltigVon: '' },
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, formState } = form;
  const [kontoinhaber, iban, gueltigVon] = useWatch({
    control,
    name: ['kontoinhaber', 'iban', 'gueltigVon'],
  });
  const typedIban = iban.replace(/\s+/g, '');
  const quietIban = useQuiet(typedIban, IBAN_CHECK_DELAY_MS);
  const check = useIbanCheck(quietIban);
  const pending = typedIban !== '' && (typedIban !== quietIban || check.isFetching);
  const result = !pending && typedIban !== '' ? check.data : undefined;
  // While the customer types nothing; then the schema's message, else what the check found.
  const ibanError = pending
    ? undefined
    : (formState.errors.iban?.message ??
      (check.isError
        ? errorMessage(check.error, Messages.unknownError)
        : result?.feedback.typ === 'invalid'
          ? result.feedback.nachricht
          : undefined));
  const empty = kontoinhaber.trim() === '' && typedIban === '' && gueltigVon === '';

  const onSubmit = handleSubmit(async (input) => {
    try {
      await mutation.mutateAsync(input);
      await onDone();
    } catch (error) {
      applyServerErrors(form, error);
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
        error={formState.errors.kontoinhaber?.message}
        {...register('kontoinhaber')}
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
        error={ibanError}
        {...register('iban')}
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
        render={({ field, fieldState }) => (
          <DateField
            label="Gültig ab"
            min={tomorrow}
            {...field}
            error={fieldState.error?.message}
          />
        )}
      />
      <FormActions
        submitLabel="Speichern"
        disabled={!formState.isValid || result?.valide !== true}
        pending={mutation.isPending}
        onCancel={() => window.history.back()}
      />
    </form>
  );
}
