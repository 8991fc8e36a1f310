import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import {
  Messages,
  PASSWORD_RESET_REQUEST_LABELS,
  PasswordResetRequestSchema,
  Paths,
  showsOnceTyped,
} from '@kundenportal/contract';
import { mandant } from '../../../config/mandant';
import { applyServerErrors, shownError } from '../../../lib/apply-server-errors';
import { useFormGaps } from '../../../lib/missing-fields';
import { Alert } from '../../../ui/alert';
import { FormActions } from '../../../ui/form-actions';
import { TextField } from '../../../ui/text-field';
import { passwordResetErrorText, useRequestPasswordReset } from '../api/request-password-reset';

/** Spec §2.2: the customer number, "Senden"; on success the text replaces the form. */
export function ForgotPasswordForm() {
  const mutation = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(PasswordResetRequestSchema),
    mode: 'onChange',
    defaultValues: { kundennummer: '' },
  });
  const { register, handleSubmit, control, formState } = form;
  const kundennummer = useWatch({ control, name: 'kundennummer' });
  const gaps = useFormGaps(control, PasswordResetRequestSchema, PASSWORD_RESET_REQUEST_LABELS);
  const [failure, setFailure] = useState<string>();

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

  const onSubmit = handleSubmit(async (input) => {
    setFailure(undefined);
    try {
      await mutation.mutateAsync(input);
    } catch (error) {
      if (!applyServerErrors(form, error)) setFailure(passwordResetErrorText(error));
    }
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {failure && (
        <Alert tone="error" takeFocus>
          {failure}
        </Alert>
      )}
      <TextField
        label={PASSWORD_RESET_REQUEST_LABELS.kundennummer}
        prefix={mandant.kundennummerPraefix || undefined}
        autoComplete="username"
        inputMode="numeric"
        hint={mandant.zugangsdatenHinweis ?? undefined}
        error={shownError(formState.errors.kundennummer, showsOnceTyped(kundennummer))}
        {...register('kundennummer')}
      />
      <FormActions
        submitLabel="Senden"
        disabled={!formState.isValid}
        missing={gaps.missing}
        pending={mutation.isPending}
        cancelTo={Paths.login}
        cancelLabel="Zurück zur Anmeldung"
      />
    </form>
  );
}
