import { useId, useMemo, useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import {
  changesEmail,
  CONTACT_DATA_LABELS,
  CONTACT_PHONE_MAX_LENGTH,
  CONTACT_SAVE_ERROR,
  EMAIL_MAX_LENGTH,
  EmailChangeMessages,
  Paths,
  optionalLabel,
  showsOnceTyped,
  updateContactFormSchema,
  type Customer,
} from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors, shownError } from '../../../lib/apply-server-errors';
import { useFormGaps } from '../../../lib/missing-fields';
import { Alert } from '../../../ui/alert';
import { describedBy, FieldMessages } from '../../../ui/field-messages';
import { FormActions } from '../../../ui/form-actions';
import { TextField } from '../../../ui/text-field';
import { useUpdateContact } from '../api/update-contact';

type ContactField = 'email' | 'festnetz' | 'mobil' | 'fax';

/** An input with a visible label and a button that empties it. */
function ClearableField({
  label,
  type,
  autoComplete,
  registration,
  error,
  onClear,
}: {
  label: string;
  type: string;
  autoComplete: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  onClear: () => void;
}) {
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{optionalLabel(label)}</label>
      <div className="field-control">
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          maxLength={type === 'email' ? EMAIL_MAX_LENGTH : CONTACT_PHONE_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, undefined, error)}
          {...registration}
        />
        <button type="button" className="button button-secondary field-clear" onClick={onClear}>
          Leeren<span className="visually-hidden"> ({label})</span>
        </button>
      </div>
      <FieldMessages id={id} error={error} />
    </div>
  );
}

/** Spec §2.4, §5: e-mail with the e-mail rule, phone numbers as typed; back to the overview. */
export function ContactForm({ customer }: { customer: Customer }) {
  const navigate = useNavigate();
  const mutation = useUpdateContact();
  // A changed address needs the password (a borrowed session alone must not move the reset mails).
  const schema = useMemo(() => updateContactFormSchema(customer.email), [customer.email]);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: {
      email: customer.email ?? '',
      festnetz: customer.festnetz ?? '',
      mobil: customer.mobil ?? '',
      fax: customer.fax ?? '',
    },
  });
  const { register, control, setValue, handleSubmit, formState } = form;
  const { errors } = formState;
  const values = useWatch({ control });
  const gaps = useFormGaps(control, schema, CONTACT_DATA_LABELS);
  const emailChanges = changesEmail(values.email, customer.email);
  const [failure, setFailure] = useState<string>();

  const onSubmit = handleSubmit(async (input) => {
    setFailure(undefined);
    try {
      await mutation.mutateAsync(input);
      await navigate({ to: Paths.dataOverview });
    } catch (error) {
      if (!applyServerErrors(form, error)) setFailure(errorMessage(error, CONTACT_SAVE_ERROR));
    }
  });

  const field = (name: ContactField, type: string, auto: string) => (
    <ClearableField
      label={CONTACT_DATA_LABELS[name]}
      type={type}
      autoComplete={auto}
      registration={register(name, name === 'email' ? { deps: 'passwort' } : undefined)}
      error={shownError(errors[name], showsOnceTyped(values[name]))}
      onClear={() => setValue(name, '', { shouldDirty: true, shouldValidate: true })}
    />
  );

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {failure && (
        <Alert tone="error" takeFocus>
          {failure}
        </Alert>
      )}
      {field('email', 'email', 'email')}
      {emailChanges && (
        <TextField
          label={CONTACT_DATA_LABELS.passwort}
          type="password"
          autoComplete="current-password"
          hint={EmailChangeMessages.passwordHint}
          // Until the server has refused one, the hint says what is needed; FormActions too.
          error={shownError(errors.passwort, false)}
          {...register('passwort', { shouldUnregister: true })}
        />
      )}
      {field('festnetz', 'tel', 'tel')}
      {field('mobil', 'tel', 'tel')}
      {field('fax', 'tel', 'off')}
      <FormActions
        submitLabel="Aktualisieren"
        disabled={!formState.isValid}
        pending={mutation.isPending}
        empty={gaps.empty}
        missing={gaps.missing}
        onCancel={() => window.history.back()}
      />
    </form>
  );
}
