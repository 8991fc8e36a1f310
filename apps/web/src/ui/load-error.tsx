import { useRouter } from '@tanstack/react-router';
import { Messages } from '@kundenportal/contract';
import { ApiError, errorMessage, needsConnection, OFFLINE_MESSAGE } from '../lib/api-client';
import { isCodeLoadFailure } from '../lib/code-load-failure';
import { Alert } from './alert';
import { ErrorFallback } from './error-fallback';
import { PageHeading } from './page-heading';

/**
 * A screen whose data failed to load: the text of the failure rule (errorMessage) and a way to
 * try again. The alert takes the focus, as the page has no heading to go to.
 */
export function LoadError({ error, fallback }: { error: unknown; fallback: string }) {
  const router = useRouter();
  // Offline, it is no failure: the screen needs the network, and says so as its page.
  if (needsConnection(error))
    return (
      <section className="card" aria-labelledby="offline-titel">
        <PageHeading id="offline-titel">Keine Internetverbindung</PageHeading>
        <p>{OFFLINE_MESSAGE}</p>
      </section>
    );
  return (
    <section className="card">
      <Alert tone="error" takeFocus>
        {errorMessage(error, fallback)}
      </Alert>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => void router.invalidate()}
      >
        {isCodeLoadFailure(error) ? 'Erneut versuchen' : 'Neu laden'}
      </button>
    </section>
  );
}

/**
 * The router's default: a failed call, or a screen's code the network did not bring, is a
 * failure the customer can meet, with a German text and a new try inside the app; anything
 * else is a programming error and gets the generic fallback of §2.1.
 */
export function RouteError({ error }: { error: unknown }) {
  return error instanceof ApiError || isCodeLoadFailure(error) ? (
    <LoadError error={error} fallback={Messages.unknownError} />
  ) : (
    <ErrorFallback error={error} />
  );
}
