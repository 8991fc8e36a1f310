import { useForm, useWatch } from 'react-hook-form';
import { Link } from '@tanstack/react-router';
import { Messages, Paths } from '@kundenportal/contract';
import { mandant } from '../../../config/mandant';
import { Alert } from '../../../ui/alert';
import { TextField } from '../../../ui/text-field';
import { passwordResetErrorText, useRequestPasswordReset } from '../api/request-password-reset';

/** Spec §2.2: the customer number, "Senden"; on success the text replaces the form. */
export function ForgotPasswordForm() {
  const mutation = useRequestPasswordReset();
  const { register, handleSubmit, control } = useForm({ defaultValues: { kundennummer: '' } });
  const kundennummer = useWatch({ control, name: 'kundennummer' });

  if (mutation.isSuccess) {
    return (
      <>
        <Alert tone="success" takeFocus>
          {Messages.passwordResetSent}
        </Alert>
        <Link to={Paths.login}>Zurück zur Anmeldung</Link>
      </>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    await mutation.mutateAsync(values.kundennummer.trim()).catch(() => undefined);
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {mutation.isError && (
        <Alert tone="error" takeFocus>
          {passwordResetErrorText(mutation.error)}
        </Alert>
      )}
      <TextField
        label="Kundennummer"
        prefix={mandant.kundennummerPraefix || undefined}
        autoComplete="username"
        inputMode="numeric"
        hint={mandant.zugangsdatenHinweis ?? undefined}
        {...register('kundennummer')}
      />
      <div className="form-actions">
        <Link to={Paths.login}>Zurück zur Anmeldung</Link>
        <button
          type="submit"
          className="button"
          disabled={kundennummer.trim() === '' || mutation.isPending}
        >
          Senden
        </button>
      </div>
    </form>
  );
}
