import { useForm, useWatch } from 'react-hook-form';
import { Link } from '@tanstack/react-router';
import {
  canSubmitPasswordReset,
  invalid,
  Messages,
  PASSWORD_HINT,
  passwordResetFeedback,
  Paths,
} from '@kundenportal/contract';
import { ApiError } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { TextField } from '../../../ui/text-field';
import { useCompletePasswordReset } from '../api/complete-password-reset';
import { PasswordStrengthMeter } from './password-strength-meter';

/** A refusal of the password itself stays on the form; anything else is the error state. */
const passwordRefusal = (error: unknown) =>
  error instanceof ApiError && error.status === 400 ? error.felder.neuesPasswort : undefined;

/** Spec §2.2 and §5: two fields, feedback, the strength bar from 8 characters, one use. */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const mutation = useCompletePasswordReset();
  const { register, handleSubmit, control } = useForm({
    defaultValues: { neuesPasswort: '', wiederholung: '' },
  });
  const [next = '', repeat = ''] = useWatch({ control, name: ['neuesPasswort', 'wiederholung'] });
  const refusal = passwordRefusal(mutation.error);
  const feedback = passwordResetFeedback(next, repeat);

  if (mutation.isSuccess) {
    return (
      <>
        <Alert tone="success" takeFocus>
          {Messages.passwordResetDone}
        </Alert>
        <Link to={Paths.login} className="button">
          Jetzt anmelden
        </Link>
      </>
    );
  }
  if (!token || (mutation.isError && !refusal)) {
    return (
      <>
        <Alert tone="error" takeFocus>
          {Messages.passwordResetFailed}
        </Alert>
        <div className="button-row">
          <Link to={Paths.forgotPassword} className="button">
            Neuen Link anfordern
          </Link>
          <Link to={Paths.login} className="button button-secondary">
            Zurück zur Anmeldung
          </Link>
        </div>
      </>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    await mutation
      .mutateAsync({ token, neuesPasswort: values.neuesPasswort })
      .catch(() => undefined);
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label="Neues Passwort"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        feedback={refusal ? invalid(refusal) : feedback.password}
        {...register('neuesPasswort')}
      />
      <PasswordStrengthMeter password={next} />
      <TextField
        label="Neues Passwort wiederholen"
        type="password"
        autoComplete="new-password"
        feedback={feedback.repeat}
        {...register('wiederholung')}
      />
      <div className="form-actions">
        <Link to={Paths.login}>Zurück zur Anmeldung</Link>
        <button
          type="submit"
          className="button"
          disabled={!canSubmitPasswordReset(next, repeat) || mutation.isPending}
        >
          Passwort speichern
        </button>
      </div>
    </form>
  );
}
