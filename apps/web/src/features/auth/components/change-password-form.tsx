import { useForm, useWatch } from 'react-hook-form';
import {
  canSubmitPasswordChange,
  checkPasswordLength,
  checkPasswordRepeat,
  Messages,
  PASSWORD_HINT,
  type Feedback,
} from '@kundenportal/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { TextField } from '../../../ui/text-field';
import { useChangePassword } from '../api/change-password';
import { PasswordStrengthMeter } from './password-strength-meter';

interface ChangePasswordValues {
  altesPasswort: string;
  neuesPasswort: string;
  neuesPasswortWiederholung: string;
}

const serverFeedback = (error: unknown, field: string): Feedback | undefined => {
  const message = error instanceof ApiError ? error.felder[field] : undefined;
  return message ? { typ: 'invalid', nachricht: message } : undefined;
};

/** The form of both change-password routes; what success and cancel do is the route's. */
export function ChangePasswordForm({
  onSuccess,
  onCancel,
}: {
  onSuccess: () => void;
  onCancel: () => void;
}) {
  const mutation = useChangePassword();
  const { register, handleSubmit, control } = useForm<ChangePasswordValues>({
    defaultValues: { altesPasswort: '', neuesPasswort: '', neuesPasswortWiederholung: '' },
  });
  const values = useWatch({ control });
  const old = values.altesPasswort ?? '';
  const next = values.neuesPasswort ?? '';
  const repeat = values.neuesPasswortWiederholung ?? '';
  const canSubmit = canSubmitPasswordChange(old, next, repeat);

  const onSubmit = handleSubmit(async ({ altesPasswort, neuesPasswort }) => {
    await mutation.mutateAsync({ altesPasswort, neuesPasswort }).then(onSuccess, () => undefined);
  });

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {mutation.isError && (
        <Alert tone="error" takeFocus>
          {errorMessage(mutation.error, Messages.unknownError)}
        </Alert>
      )}
      <TextField
        label="Bisheriges Passwort"
        type="password"
        autoComplete="current-password"
        feedback={serverFeedback(mutation.error, 'altesPasswort') ?? checkPasswordLength(old)}
        {...register('altesPasswort')}
      />
      <TextField
        label="Neues Passwort"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        feedback={serverFeedback(mutation.error, 'neuesPasswort') ?? checkPasswordLength(next)}
        {...register('neuesPasswort')}
      />
      <PasswordStrengthMeter password={next} />
      <TextField
        label="Neues Passwort wiederholen"
        type="password"
        autoComplete="new-password"
        feedback={checkPasswordRepeat(next, repeat)}
        {...register('neuesPasswortWiederholung')}
      />
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Abbrechen
        </button>
        <button type="submit" className="button" disabled={!canSubmit || mutation.isPending}>
          Passwort ändern
        </button>
      </div>
    </form>
  );
}
