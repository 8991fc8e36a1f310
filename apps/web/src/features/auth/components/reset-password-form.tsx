import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import {
  Messages,
  PASSWORD_FORM_LABELS,
  PasswordResetFormSchema,
  Paths,
  showsOnceTyped,
  showsRepeatCheck,
} from '@kundenportal/contract';
import { applyServerErrors, shownError } from '../../../lib/apply-server-errors';
import { useFormGaps } from '../../../lib/missing-fields';
import { Alert } from '../../../ui/alert';
import { SkeletonForm } from '../../../ui/skeleton';
import { FormActions } from '../../../ui/form-actions';
import { TextField } from '../../../ui/text-field';
import { useResetLinkCheck } from '../api/check-reset-link';
import { useCompletePasswordReset } from '../api/complete-password-reset';
import { PasswordHint } from './password-hint';
import { PasswordStrengthMeter } from './password-strength-meter';

/** The way on from a link that cannot be used, or from a failed reset: a new link, or back. */
function ResetFailed({ message }: { message: string }) {
  return (
    <>
      <Alert tone="error" takeFocus>
        {message}
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

/**
 * Spec §2.2 and §5: two fields, feedback, the strength bar from 8 characters, one use. The link
 * is checked first, so that a used or expired one is said at once; if the check
 * itself fails, the form shows and the reset decides.
 */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const link = useResetLinkCheck(token);
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
  if (!token || link.data?.nutzbar === false) {
    return <ResetFailed message={Messages.passwordResetLinkUnusable} />;
  }
  if (failed) return <ResetFailed message={Messages.passwordResetFailed} />;
  if (link.isPending) return <SkeletonForm fields={2} label="Der Link wird geprüft …" />;

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
        hint={<PasswordHint />}
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
