import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { canSubmitLogin, kundennummerTyped, Messages, Paths } from '@kundenportal/contract';
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

/**
 * Two fields and a box, checked by the contract's canSubmitLogin: plain React state, so that the
 * login page, where every visitor arrives, loads no form library.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [values, setValues] = useState<LoginValues>({
    kundennummer: '',
    passwort: '',
    nutzungsbedingungenAkzeptiert: false,
  });
  const form = useRef<HTMLFormElement>(null);
  // What was typed (or filled in by the browser) into the prerendered page before the app took
  // it over is in the fields but not yet in the state: taken over, so that it counts.
  useEffect(() => {
    const input = (name: keyof LoginValues) =>
      form.current?.elements.namedItem(name) as HTMLInputElement | null | undefined;
    setValues((previous) => ({
      kundennummer: input('kundennummer')?.value || previous.kundennummer,
      passwort: input('passwort')?.value || previous.passwort,
      nutzungsbedingungenAkzeptiert:
        input('nutzungsbedingungenAkzeptiert')?.checked || previous.nutzungsbedingungenAkzeptiert,
    }));
  }, []);
  const termsRequired = mandant.nutzungsbedingungenUrl !== null;
  const canSubmit = canSubmitLogin({ ...values, nutzungsbedingungenErforderlich: termsRequired });
  const field = (name: keyof LoginValues) => ({
    name,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { type, checked, value } = event.target;
      setValues((previous) => ({ ...previous, [name]: type === 'checkbox' ? checked : value }));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit || loginMutation.isPending) return;
    const result = await loginMutation
      .mutateAsync({
        // "KW-10001" as printed on the invoice, typed beside the field's "KW-", is 10001.
        kundennummer: kundennummerTyped(mandant, values.kundennummer),
        passwort: values.passwort,
      })
      .catch(() => undefined);
    if (result === 'loggedIn') await navigate({ to: Paths.home });
    if (result === 'mustChangePassword') await navigate({ to: Paths.forcedPasswordChange });
    if (result === 'noPortalAccess') await navigate({ to: Paths.blocked });
  };

  return (
    <form ref={form} className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
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
        value={values.kundennummer}
        {...field('kundennummer')}
      />
      <TextField
        label="Passwort"
        type="password"
        autoComplete="current-password"
        value={values.passwort}
        {...field('passwort')}
      />
      {termsRequired && (
        <div className="field field-checkbox">
          <input
            id="nutzungsbedingungen"
            type="checkbox"
            checked={values.nutzungsbedingungenAkzeptiert}
            {...field('nutzungsbedingungenAkzeptiert')}
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
