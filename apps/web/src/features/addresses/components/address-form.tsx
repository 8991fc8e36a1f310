import { useEffect, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  AddressTypes,
  ANREDE_LABELS,
  Anreden,
  BILLING_ADDRESS_LABELS,
  billingAddressFormSchema,
  DEFAULT_LAND,
  Laender,
  Messages,
  optionalLabel,
  requiredNameFields,
  type BillingAddress,
  type BillingAddressFormValues,
} from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { useFormGaps } from '../../../lib/missing-fields';
import { tomorrowInGermany } from '../../../lib/today';
import { Alert } from '../../../ui/alert';
import { DateField } from '../../../ui/date-field';
import { FormActions } from '../../../ui/form-actions';
import { labelledOptions, SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { useCreateAddress } from '../api/addresses';

/** The fields whose rule depends on the Anrede or the address type. */
const DEPENDENT_FIELDS = [
  'firma',
  'vorname',
  'nachname',
  'strasse',
  'hausnummer',
  'postfach',
] as const;

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
  const schema = useMemo(() => billingAddressFormSchema(tomorrow), [tomorrow]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: startingValues(current),
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, formState } = form;
  const [typ, anrede] = useWatch({ control, name: ['typ', 'anrede'] });
  const gaps = useFormGaps(control, schema, BILLING_ADDRESS_LABELS);
  const required = requiredNameFields(typeof anrede === 'string' ? anrede : undefined);
  const [failure, setFailure] = useState<string>();
  // A message belongs to the rule in force: once the Anrede or the address type changes, a
  // field that shows one is checked again, so that a rule no longer asked for takes it away.
  useEffect(() => {
    const shown = DEPENDENT_FIELDS.filter((name) => form.getFieldState(name).error);
    if (shown.length > 0) void form.trigger(shown);
  }, [anrede, typ, form]);

  const onSubmit = handleSubmit(async (address) => {
    setFailure(undefined);
    try {
      await mutation.mutateAsync(address);
      await onDone();
    } catch (error) {
      // Spec §8.5: the server's message; on its field when it names one, else above the form.
      if (!applyServerErrors(form, error)) setFailure(errorMessage(error, Messages.unknownError));
    }
  });

  const text = (name: TextName, autoComplete: string, maxLength = 100, optional = false) => (
    <TextField
      label={optional ? optionalLabel(BILLING_ADDRESS_LABELS[name]) : BILLING_ADDRESS_LABELS[name]}
      autoComplete={autoComplete}
      maxLength={maxLength}
      error={formState.errors[name]?.message}
      {...register(name)}
    />
  );

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {failure && (
        <Alert tone="error" takeFocus>
          {failure}
        </Alert>
      )}
      <fieldset className="field choice-group">
        <legend>Adresstyp</legend>
        {AddressTypes.map((value) => (
          <label key={value} className="choice">
            <input type="radio" value={value} {...register('typ')} />
            {value === 'Normal' ? 'Straße und Hausnummer' : 'Postfach'}
          </label>
        ))}
      </fieldset>
      <SelectField
        label={BILLING_ADDRESS_LABELS.anrede}
        placeholder="Bitte wählen"
        options={labelledOptions(Anreden, ANREDE_LABELS)}
        error={formState.errors.anrede?.message}
        {...register('anrede')}
      />
      {required.firma && text('firma', 'organization')}
      {text('titel', 'honorific-prefix', 50, true)}
      {text('vorname', 'given-name', 100, !required.vorname)}
      {text('nachname', 'family-name', 100, !required.nachname)}
      {!required.firma && text('firma', 'organization', 100, true)}
      {text('co', 'off', 100, true)}
      {typ === 'Postfach' ? (
        text('postfach', 'off', 20)
      ) : (
        <>
          {text('strasse', 'address-line1')}
          {text('hausnummer', 'off', 20)}
        </>
      )}
      {text('postleitzahl', 'postal-code', 5)}
      {text('ort', 'address-level2')}
      <SelectField
        label="Land"
        options={Laender.map((land) => ({ value: land, label: land }))}
        {...register('land')}
      />
      <Controller
        control={control}
        name="gueltigVon"
        render={({ field, fieldState }) => (
          <DateField
            label={BILLING_ADDRESS_LABELS.gueltigVon}
            min={tomorrow}
            {...field}
            error={fieldState.error?.message}
          />
        )}
      />
      <FormActions
        submitLabel="Speichern"
        disabled={!formState.isValid}
        empty={gaps.empty}
        missing={gaps.missing}
        pending={mutation.isPending}
        onCancel={() => window.history.back()}
      />
    </form>
  );
}
