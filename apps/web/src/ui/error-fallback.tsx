import { useState } from 'react';
import { PageHeading } from './page-heading';

/** The generic fallback of spec §2.1 for unexpected failures. */
export function ErrorFallback({ error }: { error: unknown }) {
  const [shown, setShown] = useState(false);
  return (
    <section className="card" aria-labelledby="error-fallback-title">
      <PageHeading id="error-fallback-title">Something went wrong!</PageHeading>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => setShown((value) => !value)}
      >
        {shown ? 'Hide Error' : 'Show Error'}
      </button>
      {shown && (
        <pre className="error-details">
          {error instanceof Error ? error.message : String(error)}
        </pre>
      )}
    </section>
  );
}

export function NotFound() {
  return (
    <section className="card">
      <PageHeading>Not Found</PageHeading>
      <p>Die angeforderte Seite wurde nicht gefunden.</p>
    </section>
  );
}
