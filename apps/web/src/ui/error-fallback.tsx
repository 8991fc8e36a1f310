import { useState } from 'react';

/** The generic fallback of spec §2.1 for unexpected failures. */
export function ErrorFallback({ error }: { error: unknown }) {
  const [shown, setShown] = useState(false);
  return (
    <section className="card" aria-labelledby="error-fallback-title">
      <h1 id="error-fallback-title">Something went wrong!</h1>
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
      <h1>Not Found</h1>
      <p>Die angeforderte Seite wurde nicht gefunden.</p>
    </section>
  );
}
