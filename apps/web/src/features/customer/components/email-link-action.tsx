import { Link } from '@tanstack/react-router';
import { EmailChangeMessages, Paths } from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { sessionStore } from '../../../session/session-store';
import { Alert } from '../../../ui/alert';
import { useEmailLink, type EmailLink } from '../api/email-links';

/**
 * The page behind a mail's link: one button does what the link is for, so that a mail program
 * that opens links to check them changes nothing.
 */
export function EmailLinkAction({
  link,
  token,
  explanation,
  action,
}: {
  link: EmailLink;
  token: string | undefined;
  explanation: string;
  action: string;
}) {
  const mutation = useEmailLink();
  const incompleteText =
    link === 'email_bestaetigen'
      ? EmailChangeMessages.confirmLinkIncomplete
      : EmailChangeMessages.revokeLinkIncomplete;
  const next = sessionStore.get()?.token ? Paths.dataOverview : Paths.login;
  const nextLabel = next === Paths.login ? 'Zur Anmeldung' : 'Zur Datenübersicht';

  if (mutation.isSuccess) {
    return (
      <>
        <Alert tone="success" takeFocus>
          {mutation.data.nachricht}
        </Alert>
        <Link to={link === 'email_widerrufen' ? Paths.forgotPassword : next} className="button">
          {link === 'email_widerrufen' ? 'Neues Passwort vergeben' : nextLabel}
        </Link>
      </>
    );
  }
  if (!token) return <Alert tone="error">{incompleteText}</Alert>;
  return (
    <>
      <p>{explanation}</p>
      {mutation.isError && (
        <Alert tone="error" takeFocus>
          {errorMessage(mutation.error, EmailChangeMessages.linkFailed)}
        </Alert>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={mutation.isPending}
          onClick={() =>
            mutation.mutate(
              { link, token },
              // Taking a change back ends every session on the server, this browser's too.
              { onSuccess: () => link === 'email_widerrufen' && sessionStore.end() },
            )
          }
        >
          {action}
        </button>
      </div>
    </>
  );
}
