import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  ANREDE_LABELS,
  Anreden,
  CreateBillingAddressInputSchema,
  DEFAULT_LAND,
  invalid,
  Laender,
  Messages,
  minDate,
  ValidityMessages,
  type Anrede,
  type BillingAddress,
  type CreateBillingAddressInput,
  type Feedback,
} from '@kundenportal/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { tomorrowInGermany } from '../../../lib/today';
import { Alert } from '../../../ui/alert';
import { DatePicker } from '../../../ui/date-picker';
import { TextField } from '../../../ui/text-field';
import { useCreateAddress } from '../api/addresses';

type AddressType = 'Normal' | 'Postfach';
interface AddressValues {
  typ: AddressType;
  anrede: Anrede | '';
  titel: string;
  vorname: string;
  nachname: string;
  firma: string;
  co: string;
  strasse: string;
  hausnummer: string;
  postfach: string;
  postleitzahl: string;
  ort: string;
  land: (typeof Laender)[number];
  gueltigVon: string;
}
type FieldName = Exclude<keyof AddressValues, 'typ'>;

const startingValues = (address: BillingAddress | undefined): AddressValues => ({
  typ: address?.postfach ? 'Postfach' : 'Normal',
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
  gueltigVon: '',
});

const orUndefined = (value: string) => (value.trim() === '' ? undefined : value);

/** The payload: the fields of the other address type are sent as undefined (spec §4.3). */
function toAddressPayload(values: AddressValues): CreateBillingAddressInput {
  const postfach = values.typ === 'Postfach';
  return {
    gueltigVon: values.gueltigVon,
    anrede: values.anrede,
    titel: orUndefined(values.titel),
    vorname: orUndefined(values.vorname),
    nachname: orUndefined(values.nachname),
    firma: orUndefined(values.firma),
    co: orUndefined(values.co),
    strasse: postfach ? undefined : orUndefined(values.strasse),
    hausnummer: postfach ? undefined : orUndefined(values.hausnummer),
    postfach: postfach ? orUndefined(values.postfach) : undefined,
    postleitzahl: values.postleitzahl,
    ort: values.ort,
    land: values.land,
  };
}

/** Spec §5, billing address form; the server checks the same rules again. */
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
  const { register, control, handleSubmit, setError, clearErrors, formState } =
    useForm<AddressValues>({ defaultValues: startingValues(current), mode: 'onTouched' });
  const values = useWatch({ control }) as AddressValues;
  const payload = toAddressPayload(values);
  const parsed = CreateBillingAddressInputSchema.safeParse(payload);
  const problems: Partial<Record<string, string>> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
  const dateRule = minDate(tomorrow, ValidityMessages.validFromTooEarly)(values.gueltigVon);
  if (dateRule.typ === 'invalid') problems.gueltigVon = dateRule.nachricht;
  const canSubmit = parsed.success && dateRule.typ !== 'invalid' && !mutation.isPending;

  const feedback = (name: FieldName): Feedback | undefined => {
    const server = formState.errors[name]?.message;
    if (server) return invalid(server);
    const shown = formState.touchedFields[name] || formState.dirtyFields[name];
    const problem = problems[name];
    return shown && problem ? invalid(problem) : undefined;
  };
  const empty = Object.entries(values).every(
    ([name, value]) => ['typ', 'land'].includes(name) || String(value ?? '').trim() === '',
  );

  const onSubmit = handleSubmit(async (input) => {
    try {
      await mutation.mutateAsync(toAddressPayload(input));
      await onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status < 500)
        for (const [field, message] of Object.entries(error.felder))
          if (field in input && field !== 'typ') setError(field as FieldName, { message });
    }
  });

  const text = (name: FieldName, label: string, autoComplete: string, maxLength = 100) => (
    <TextField
      label={label}
      autoComplete={autoComplete}
      maxLength={maxLength}
      feedback={feedback(name)}
      {...register(name, { onChange: () => clearErrors(name) })}
    />
  );

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
        {(['Normal', 'Postfach'] as const).map((typ) => (
          <label key={typ} className="choice">
            <input type="radio" value={typ} {...register('typ')} />
            {typ === 'Normal' ? 'Straße und Hausnummer' : 'Postfach'}
          </label>
        ))}
      </fieldset>
      <div className={`field${feedback('anrede') ? ' field-invalid' : ''}`}>
        <label htmlFor="anrede">Anrede</label>
        <select
          id="anrede"
          aria-invalid={!!feedback('anrede') || undefined}
          {...register('anrede')}
        >
          <option value="">Bitte wählen</option>
          {Anreden.map((anrede) => (
            <option key={anrede} value={anrede}>
              {ANREDE_LABELS[anrede]}
            </option>
          ))}
        </select>
        {feedback('anrede') && <p className="field-feedback">{feedback('anrede')?.nachricht}</p>}
      </div>
      {values.anrede === 'Firma' && text('firma', 'Firma', 'organization')}
      {text('titel', 'Titel', 'honorific-prefix', 50)}
      {text('vorname', 'Vorname', 'given-name')}
      {text('nachname', 'Nachname', 'family-name')}
      {values.anrede !== 'Firma' && text('firma', 'Firma (optional)', 'organization')}
      {text('co', 'c/o (optional)', 'off')}
      {values.typ === 'Postfach' ? (
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
        render={({ field }) => (
          <DatePicker
            label="Gültig ab"
            value={field.value}
            min={tomorrow}
            feedback={
              formState.errors.gueltigVon?.message
                ? invalid(formState.errors.gueltigVon.message)
                : field.value
                  ? dateRule
                  : undefined
            }
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
