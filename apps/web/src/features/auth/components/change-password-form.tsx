import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ChangePasswordFormSchema,
  PASSWORD_FORM_LABELS,
  Messages,
  PASSWORD_LENGTH_MESSAGE,
  showsOldPasswordLengthNote,
  showsOnceTyped,
} from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors, shownError } from '../../../lib/apply-server-errors';
import { useFormGaps } from '../../../lib/missing-fields';
import { Alert } from '../../../ui/alert';
import { FormActions } from '../../../ui/form-actions';
import { TextField } from '../../../ui/text-field';
import { useChangePassword } from '../api/change-password';
import { PasswordHint } from './password-hint';
import { PasswordStrengthMeter } from './password-strength-meter';

/** The form of both change-password routes; what success and cancel do is the route's. */
export function ChangePasswordForm({
  onSuccess,
  onCancel,
}: {
  onSuccess: () => void;
  onCancel: () => void;
}) {
  const mutation = useChangePassword();
  const form = useForm({
    resolver: zodResolver(ChangePasswordFormSchema),
    mode: 'onChange',
    defaultValues: { altesPasswort: '', neuesPasswort: '', neuesPasswortWiederholung: '' },
  });
  const { register, handleSubmit, control, formState } = form;
  const { errors } = formState;
  const [old = '', next = '', repeat = ''] = useWatch({
    control,
    name: ['altesPasswort', 'neuesPasswort', 'neuesPasswortWiederholung'],
  });
  const gaps = useFormGaps(control, ChangePasswordFormSchema, PASSWORD_FORM_LABELS);
  const [failure, setFailure] = useState<string>();

  const onSubmit = handleSubmit(async ({ altesPasswort, neuesPasswort }) => {
    setFailure(undefined);
    try {
      await mutation.mutateAsync({ altesPasswort, neuesPasswort });
      onSuccess();
    } catch (error) {
      // Spec §8.2: the server's text, at the field it names, else above the form.
      if (!applyServerErrors(form, error)) setFailure(errorMessage(error, Messages.unknownError));
    }
  });

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {failure && (
        <Alert tone="error" takeFocus>
          {failure}
        </Alert>
      )}
      <TextField
        label={PASSWORD_FORM_LABELS.altesPasswort}
        type="password"
        autoComplete="current-password"
        error={
          shownError(errors.altesPasswort, showsOnceTyped(old)) ??
          (showsOldPasswordLengthNote(old) ? PASSWORD_LENGTH_MESSAGE : undefined)
        }
        {...register('altesPasswort')}
      />
      <TextField
        label={PASSWORD_FORM_LABELS.neuesPasswort}
        type="password"
        autoComplete="new-password"
        hint={<PasswordHint />}
        error={shownError(errors.neuesPasswort, showsOnceTyped(next))}
        {...register('neuesPasswort', { deps: 'neuesPasswortWiederholung' })}
      />
      <PasswordStrengthMeter password={next} />
      <TextField
        label={PASSWORD_FORM_LABELS.neuesPasswortWiederholung}
        type="password"
        autoComplete="new-password"
        error={shownError(errors.neuesPasswortWiederholung, showsOnceTyped(repeat))}
        {...register('neuesPasswortWiederholung')}
      />
      <FormActions
        submitLabel="Passwort ändern"
        disabled={!formState.isValid}
        missing={gaps.missing}
        pending={mutation.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
