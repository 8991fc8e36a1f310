import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BANK_DETAILS_LABELS,
  bankDetailsInputSchema,
  Messages,
  missingFieldsText,
  sepaMandateText,
  ValidityMessages,
  type BankDetails,
} from '@kundenportal/contract';
import { mandant } from '../../../config/mandant';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { useFormGaps } from '../../../lib/missing-fields';
import { tomorrowInGermany } from '../../../lib/today';
import { Alert } from '../../../ui/alert';
import { DateField } from '../../../ui/date-field';
import { FormActions } from '../../../ui/form-actions';
import { TextField } from '../../../ui/text-field';
import { useCreateBankDetails, useIbanCheck } from '../api/bank-details';
import { BankDetailsFacts } from './bank-details-list';

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

/** After saving: what was stored, with the mandate reference the debits will carry. */
function BankSaved({
  saved,
  doneLabel,
  onDone,
}: {
  saved: BankDetails;
  doneLabel: string;
  onDone: () => Promise<void> | void;
}) {
  return (
    <>
      <Alert tone="success" takeFocus>
        Die Bankverbindung wurde gespeichert.
        {saved.mandatsreferenz &&
          ` Ihre Mandatsreferenz lautet ${saved.mandatsreferenz}, unsere Gläubiger-Identifikationsnummer ${mandant.firma.glaeubigerId}.`}
      </Alert>
      <BankDetailsFacts entry={saved} />
      <div className="form-actions">
        <button type="button" className="button" onClick={() => void onDone()}>
          {doneLabel}
        </button>
      </div>
    </>
  );
}

/**
 * Spec §5, bank details form: the contract's schema, which the server checks again; BIC and
 * bank name come from the server's IBAN check, read-only, and saving waits for its "valid".
 * Once saved, the stored row with its mandate reference, and `doneLabel` leads on.
 */
export function BankForm({
  contractId,
  doneLabel,
  onDone,
}: {
  contractId: number | null;
  doneLabel: string;
  onDone: () => Promise<void> | void;
}) {
  const mutation = useCreateBankDetails(contractId);
  const tomorrow = tomorrowInGermany();
  const schema = useMemo(() => bankDetailsInputSchema(tomorrow), [tomorrow]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { kontoinhaber: '', iban: '', lastschrifteinzugErlaubt: true, gueltigVon: '' },
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, formState } = form;
  const iban = useWatch({ control, name: 'iban' });
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
  const gaps = useFormGaps(control, schema, BANK_DETAILS_LABELS);
  // The schema may pass an IBAN the server's check has not confirmed (yet): then it is missing.
  const missing =
    gaps.missing ??
    (pending || result?.valide ? undefined : missingFieldsText([], [BANK_DETAILS_LABELS.iban]));
  const [failure, setFailure] = useState<string>();

  const onSubmit = handleSubmit(async (input) => {
    setFailure(undefined);
    try {
      await mutation.mutateAsync(input);
    } catch (error) {
      // Spec §8.5: the server's message; on its field when it names one, else above the form.
      if (!applyServerErrors(form, error)) {
        setFailure(errorMessage(error, ValidityMessages.bankSaveFailed));
      }
    }
  });

  if (mutation.isSuccess) {
    return <BankSaved saved={mutation.data} doneLabel={doneLabel} onDone={onDone} />;
  }
  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {failure && (
        <Alert tone="error" takeFocus>
          {failure}
        </Alert>
      )}
      <TextField
        label={BANK_DETAILS_LABELS.kontoinhaber}
        autoComplete="name"
        maxLength={100}
        error={formState.errors.kontoinhaber?.message}
        {...register('kontoinhaber')}
      />
      <TextField
        label={BANK_DETAILS_LABELS.iban}
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
        {sepaMandateText(mandant.firma)} Die Mandatsreferenz teilen wir Ihnen nach dem Speichern
        mit.
      </p>
      <Controller
        control={control}
        name="gueltigVon"
        render={({ field, fieldState }) => (
          <DateField
            label={BANK_DETAILS_LABELS.gueltigVon}
            min={tomorrow}
            {...field}
            error={fieldState.error?.message}
          />
        )}
      />
      <FormActions
        submitLabel="Speichern"
        disabled={!formState.isValid || result?.valide !== true}
        empty={gaps.empty}
        missing={missing}
        pending={mutation.isPending}
        onCancel={() => window.history.back()}
      />
    </form>
  );
}
