import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import {
  Messages,
  PASSWORD_FORM_LABELS,
  PASSWORD_HINT,
  PasswordResetFormSchema,
  Paths,
  showsOnceTyped,
  showsRepeatCheck,
} from '@kundenportal/contract';
import { applyServerErrors, shownError } from '../../../lib/apply-server-errors';
import { useFormGaps } from '../../../lib/missing-fields';
import { Alert } from '../../../ui/alert';
import { FormActions } from '../../../ui/form-actions';
import { TextField } from '../../../ui/text-field';
import { useCompletePasswordReset } from '../api/complete-password-reset';
import { PasswordStrengthMeter } from './password-strength-meter';

/** Spec §2.2 and §5: two fields, feedback, the strength bar from 8 characters, one use. */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const mutation = useCompletePasswordReset();
  const form = useForm({
    resolver: zodResolver(PasswordResetFormSchema),
    mode: 'onChange',
    defaultValues: { neuesPasswort: '', neuesPasswortWiederholung: '' },
  });
  const { register, handleSubmit, control, formState } = form;
  const [next = '', repeat = ''] = useWatch({
    control,
    name: ['neuesPasswort', 'neuesPasswortWiederholung'],
  });
  const gaps = useFormGaps(control, PasswordResetFormSchema, PASSWORD_FORM_LABELS);
  // A refusal of the password itself stays on the form; anything else is the error state.
  const [failed, setFailed] = useState(false);

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
  if (!token || failed) {
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

  const onSubmit = handleSubmit(async ({ neuesPasswort }) => {
    try {
      await mutation.mutateAsync({ token, neuesPasswort });
    } catch (error) {
      if (!applyServerErrors(form, error)) setFailed(true);
    }
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={PASSWORD_FORM_LABELS.neuesPasswort}
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={shownError(formState.errors.neuesPasswort, showsOnceTyped(next))}
        {...register('neuesPasswort', { deps: 'neuesPasswortWiederholung' })}
      />
      <PasswordStrengthMeter password={next} />
      <TextField
        label={PASSWORD_FORM_LABELS.neuesPasswortWiederholung}
        type="password"
        autoComplete="new-password"
        // Spec §5: below 8 characters the password's own message, from 8 on the equality.
        error={shownError(
          formState.errors.neuesPasswortWiederholung,
          showsRepeatCheck(next, repeat),
        )}
        {...register('neuesPasswortWiederholung')}
      />
      <FormActions
        submitLabel="Passwort speichern"
        disabled={!formState.isValid}
        missing={gaps.missing}
        pending={mutation.isPending}
        cancelTo={Paths.login}
        cancelLabel="Zurück zur Anmeldung"
      />
    </form>
  );
}
