import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from '@tanstack/react-router';
import { canSubmitLogin, Messages, Paths } from '@kundenportal/contract';
import { mandant } from '../../../config/mandant';
import { errorMessage } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { TextField } from '../../../ui/text-field';
import { useLogin } from '../api/login';

interface LoginValues {
  kundennummer: string;
  passwort: string;
  nutzungsbedingungenAkzeptiert: boolean;
}

export function LoginForm() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const { register, handleSubmit, control } = useForm<LoginValues>({
    defaultValues: { kundennummer: '', passwort: '', nutzungsbedingungenAkzeptiert: false },
  });
  const values = useWatch({ control });
  const termsRequired = mandant.nutzungsbedingungenUrl !== null;
  const canSubmit = canSubmitLogin({
    kundennummer: values.kundennummer ?? '',
    passwort: values.passwort ?? '',
    nutzungsbedingungenAkzeptiert: values.nutzungsbedingungenAkzeptiert ?? false,
    nutzungsbedingungenErforderlich: termsRequired,
  });

  const onSubmit = handleSubmit(async ({ kundennummer, passwort }) => {
    const result = await loginMutation
      .mutateAsync({ kundennummer: kundennummer.trim(), passwort })
      .catch(() => undefined);
    if (result === 'loggedIn') await navigate({ to: Paths.home });
    if (result === 'mustChangePassword') await navigate({ to: Paths.forcedPasswordChange });
    if (result === 'noPortalAccess') await navigate({ to: Paths.blocked });
  });

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {loginMutation.isError && (
        <Alert tone="error" takeFocus>
          {errorMessage(loginMutation.error, Messages.loginFailed)}
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
      <TextField
        label="Passwort"
        type="password"
        autoComplete="current-password"
        {...register('passwort')}
      />
      {termsRequired && (
        <div className="field field-checkbox">
          <input
            id="nutzungsbedingungen"
            type="checkbox"
            {...register('nutzungsbedingungenAkzeptiert')}
          />
          <label htmlFor="nutzungsbedingungen">
            Ich akzeptiere die{' '}
            <a href={mandant.nutzungsbedingungenUrl ?? undefined} target="_blank" rel="noreferrer">
              Nutzungsbedingungen
            </a>
            .
          </label>
        </div>
      )}
      <div className="form-actions">
        <Link to={Paths.forgotPassword}>Passwort vergessen?</Link>
        <button type="submit" className="button" disabled={!canSubmit || loginMutation.isPending}>
          Anmelden
        </button>
      </div>
    </form>
  );
}
