import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from './alert';
import { Skeleton } from './skeleton';
import { useDrawnInSlices } from './use-drawn-in-slices';

interface QueryCardProps<T> {
  title: string;
  query: UseQueryResult<T>;
  /** The text for a failed load; the server's message where it sent one. */
  errorText: (error: unknown) => string;
  children: (data: T) => ReactNode;
  headingLevel?: 2 | 3;
  /** Lines of the skeleton while it loads, about as many as the content has. */
  skeletonLines?: number;
  /** A skeleton in the content's own shape (a chart), instead of lines. */
  skeleton?: ReactNode;
}

/**
 * A card that loads on its own: grey lines in its shape, its content, or a red error with the
 * reload of the card mask (spec §2.4) — the reload only where loading failed.
 */
export function QueryCard<T>({
  title,
  query,
  errorText,
  children,
  headingLevel = 2,
  skeletonLines = 3,
  skeleton,
}: QueryCardProps<T>) {
  const Heading = `h${headingLevel}` as const;
  const drawn = useDrawnInSlices(!query.isPending);
  return (
    <section className="card" aria-busy={query.isFetching || undefined}>
      <Heading>{title}</Heading>
      {!drawn || query.isPending ? (
        (skeleton ?? <Skeleton lines={skeletonLines} />)
      ) : query.isError ? (
        <>
          <Alert tone="error">{errorText(query.error)}</Alert>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            {title} neu laden
          </button>
        </>
      ) : (
        children(query.data)
      )}
    </section>
  );
}
