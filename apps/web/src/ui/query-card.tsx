import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from './alert';
import { Spinner } from './spinner';

interface QueryCardProps<T> {
  title: string;
  query: UseQueryResult<T>;
  /** The text for a failed load; the server's message where it sent one. */
  errorText: (error: unknown) => string;
  children: (data: T) => ReactNode;
  headingLevel?: 2 | 3;
}

/** A card that loads on its own: spinner, red error with reload, or its content; always a reload. */
export function QueryCard<T>({
  title,
  query,
  errorText,
  children,
  headingLevel = 2,
}: QueryCardProps<T>) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="card" aria-busy={query.isFetching || undefined}>
      <div className="card-header">
        <Heading>{title}</Heading>
        <button
          type="button"
          className="icon-button"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
          aria-label={`${title} neu laden`}
          title="Neu laden"
        >
          ↻
        </button>
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <Alert tone="error">{errorText(query.error)}</Alert>
      ) : (
        children(query.data)
      )}
    </section>
  );
}
