import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  AddressTypes,
  ANREDE_LABELS,
  Anreden,
  billingAddressFormSchema,
  DEFAULT_LAND,
  Laender,
  Messages,
  type BillingAddress,
  type BillingAddressFormValues,
} from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { tomorrowInGermany } from '../../../lib/today';
import { Alert } from '../../../ui/alert';
import { DateField } from '../../../ui/date-field';
import { FormActions } from '../../../ui/form-actions';
import { TextField } from '../../../ui/text-field';
import { useCreateAddress } from '../api/addresses';

type TextName =
  | 'titel'
  | 'vorname'
  | 'nachname'
  | 'firma'
  | 'co'
  | 'strasse'
  | 'hausnummer'
  | 'postfach'
  | 'postleitzahl'
  | 'ort';

const startingValues = (address: BillingAddress | undefined): BillingAddressFormValues => ({
  typ: address?.postfach ? 'Postfach' : 'Normal',
  gueltigVon: '',
  anrede: address?.anrede ?? '',
  titel: address?.titel ?? '',
  vorname: address?.vorname ?? '',
  nachname: address?.nachname ?? '',
  firma: address?.firma ?? '',
  co: address?.co ?? '',
  strasse: address?.strasse ?? '',
  hausnummer: address?.hausnummer ?? '',
  postfach: address?.postfach ?? '',
  postleitzahl: address?.postleitzahl ?? '',
  ort: address?.ort ?? '',
  land: address?.land ?? DEFAULT_LAND,
});

/** Spec §5, billing address form: the contract's schema, which the server checks again. */
export function AddressForm({
  contractId,
  current,
  onDone,
}: {
  contractId: number | null;
  current: BillingAddress | undefined;
  onDone: () => Promise<void> | void;
}) {
  const mutation = useCreateAddress(contractId);
  const tomorrow = tomorrowInGermany();
  const form = useForm({
    resolver: zodResolver(billingAddressFormSchema(tomorrow)),
    defaultValues: startingValues(current),
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, formState } = form;
  const [typ, anrede] = useWatch({ control, name: ['typ', 'anrede'] });
  const values = useWatch({ control });
  const empty = Object.entries(values).every(
    ([name, value]) =>
      ['typ', 'land'].includes(name) || typeof value !== 'string' || value.trim() === '',
  );

  const onSubmit = handleSubmit(async (address) => {
    try {
      await mutation.mutateAsync(address);
      await onDone();
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  const text = (name: TextName, label: string, autoComplete: string, maxLength = 100) => (
    <TextField
      label={label}
      autoComplete={autoComplete}
      maxLength={maxLength}
      error={formState.errors[name]?.message}
      {...register(name)}
    />
  );
  const anredeError = formState.errors.anrede?.message;

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {mutation.isError && (
        <Alert tone="error" takeFocus>
          {errorMessage(mutation.error, Messages.unknownError)}
        </Alert>
      )}
      {empty && <Alert tone="info">{Messages.emptyForm}</Alert>}
      <fieldset className="field choice-group">
        <legend>Adresstyp</legend>
        {AddressTypes.map((value) => (
          <label key={value} className="choice">
            <input type="radio" value={value} {...register('typ')} />
            {value === 'Normal' ? 'Straße und Hausnummer' : 'Postfach'}
          </label>
        ))}
      </fieldset>
      <div className={`field${anredeError ? ' field-invalid' : ''}`}>
        <label htmlFor="anrede">Anrede</label>
        <select
          id="anrede"
          aria-invalid={anredeError ? true : undefined}
          aria-describedby={anredeError ? 'anrede-feedback' : undefined}
          {...register('anrede')}
        >
          <option value="">Bitte wählen</option>
          {Anreden.map((value) => (
            <option key={value} value={value}>
              {ANREDE_LABELS[value]}
            </option>
          ))}
        </select>
        {anredeError && (
          <p id="anrede-feedback" className="field-feedback">
            {anredeError}
          </p>
        )}
      </div>
      {anrede === 'Firma' && text('firma', 'Firma', 'organization')}
      {text('titel', 'Titel', 'honorific-prefix', 50)}
      {text('vorname', 'Vorname', 'given-name')}
      {text('nachname', 'Nachname', 'family-name')}
      {anrede !== 'Firma' && text('firma', 'Firma (optional)', 'organization')}
      {text('co', 'c/o (optional)', 'off')}
      {typ === 'Postfach' ? (
        text('postfach', 'Postfach', 'off', 20)
      ) : (
        <>
          {text('strasse', 'Straße', 'address-line1')}
          {text('hausnummer', 'Hausnummer', 'off', 20)}
        </>
      )}
      {text('postleitzahl', 'Postleitzahl', 'postal-code', 5)}
      {text('ort', 'Ort', 'address-level2')}
      <div className="field">
        <label htmlFor="land">Land</label>
        <select id="land" {...register('land')}>
          {Laender.map((land) => (
            <option key={land} value={land}>
              {land}
            </option>
          ))}
        </select>
      </div>
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
        disabled={!formState.isValid}
        pending={mutation.isPending}
        onCancel={() => window.history.back()}
      />
    </form>
  );
}
