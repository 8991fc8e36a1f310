import { useId } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useNavigate } from '@tanstack/react-router';
import {
  checkEmail,
  CONTACT_SAVE_ERROR,
  EmailChangeMessages,
  invalid,
  Messages,
  Paths,
  type Customer,
  type Feedback,
} from '@kundenportal/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { describedBy, FieldMessages } from '../../../ui/field-messages';
import { TextField } from '../../../ui/text-field';
import { useUpdateContact } from '../api/update-contact';

interface ContactValues {
  email: string;
  festnetz: string;
  mobil: string;
  fax: string;
  passwort: string;
}
const FIELDS = ['email', 'festnetz', 'mobil', 'fax'] as const;

/** An input with a visible label and a button that empties it. */
function ClearableField({
  label,
  type,
  autoComplete,
  registration,
  feedback,
  onClear,
}: {
  label: string;
  type: string;
  autoComplete: string;
  registration: UseFormRegisterReturn;
  feedback: Feedback | undefined;
  onClear: () => void;
}) {
  const id = useId();
  const isInvalid = feedback?.typ === 'invalid';
  return (
    <div className={`field${isInvalid ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-control">
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          maxLength={type === 'email' ? 254 : 100}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy(id, undefined, feedback)}
          {...registration}
        />
        <button type="button" className="button button-secondary field-clear" onClick={onClear}>
          Leeren<span className="visually-hidden"> ({label})</span>
        </button>
      </div>
      <FieldMessages id={id} feedback={feedback} />
    </div>
  );
}

/** Spec §2.4, §5: e-mail with the e-mail rule, phone numbers as typed; back to the overview. */
export function ContactForm({ customer }: { customer: Customer }) {
  const navigate = useNavigate();
  const mutation = useUpdateContact();
  const { register, control, setValue, setError, handleSubmit, formState } = useForm<ContactValues>(
    {
      defaultValues: {
        email: customer.email ?? '',
        festnetz: customer.festnetz ?? '',
        mobil: customer.mobil ?? '',
        fax: customer.fax ?? '',
        passwort: '',
      },
    },
  );
  const values = useWatch({ control }) as ContactValues;
  const serverErrors = formState.errors;
  const feedbackOf = (field: (typeof FIELDS)[number]): Feedback | undefined => {
    const server = serverErrors[field]?.message;
    if (server) return invalid(server);
    return field === 'email' ? checkEmail(values.email) : undefined;
  };
  const empty = FIELDS.every((field) => (values[field] ?? '').trim() === '');
  // A changed address needs the password (a borrowed session alone must not move the reset mails).
  const emailChanges = (values.email ?? '').trim() !== (customer.email ?? '');
  const passwordMessage = serverErrors.passwort?.message;
  const canSubmit =
    FIELDS.every((field) => feedbackOf(field)?.typ !== 'invalid') &&
    (!emailChanges || (values.passwort ?? '') !== '');

  const onSubmit = handleSubmit(async ({ passwort, ...input }) => {
    try {
      await mutation.mutateAsync({ ...input, ...(emailChanges && { passwort }) });
      await navigate({ to: Paths.dataOverview });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        for (const [field, message] of Object.entries(error.felder))
          if ((FIELDS as readonly string[]).includes(field) || field === 'passwort')
            setError(field as keyof ContactValues, { message });
      }
    }
  });

  const field = (name: (typeof FIELDS)[number], label: string, type: string, auto: string) => (
    <ClearableField
      label={label}
      type={type}
      autoComplete={auto}
      registration={register(name)}
      feedback={feedbackOf(name)}
      onClear={() => setValue(name, '', { shouldDirty: true })}
    />
  );

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {mutation.isError && (
        <Alert tone="error" takeFocus>
          {errorMessage(mutation.error, CONTACT_SAVE_ERROR)}
        </Alert>
      )}
      {empty && <Alert tone="info">{Messages.emptyForm}</Alert>}
      {field('email', 'E-Mail', 'email', 'email')}
      {emailChanges && (
        <TextField
          label={EmailChangeMessages.passwordLabel}
          type="password"
          autoComplete="current-password"
          hint={EmailChangeMessages.passwordHint}
          feedback={passwordMessage ? invalid(passwordMessage) : undefined}
          {...register('passwort', { shouldUnregister: true })}
        />
      )}
      {field('festnetz', 'Festnetz', 'tel', 'tel')}
      {field('mobil', 'Mobil', 'tel', 'tel')}
      {field('fax', 'Fax', 'tel', 'off')}
      <div className="form-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => window.history.back()}
        >
          Abbrechen
        </button>
        <button type="submit" className="button" disabled={!canSubmit || mutation.isPending}>
          Aktualisieren
        </button>
      </div>
    </form>
  );
}
