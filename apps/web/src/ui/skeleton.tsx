import type { ReactNode } from 'react';

/**
 * Grey bars in the shape of what is loading, so that the page keeps its layout; a screen reader
 * hears "Wird geladen …" once.
 */
export function Skeleton({
  lines = 3,
  label = 'Wird geladen …',
}: {
  lines?: number;
  label?: string;
}) {
  return (
    <div className="skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A card whose content is loading: its heading, if known, and grey lines. */
export function SkeletonCard({ heading, lines }: { heading?: ReactNode; lines?: number }) {
  return (
    <section className="card">
      {heading && <h2>{heading}</h2>}
      <Skeleton lines={lines} />
    </section>
  );
}

/**
 * A page whose data is loading, before its own component can show: the heading where the route
 * knows it, then cards of grey lines.
 */
export function PageSkeleton({ heading, cards = 2 }: { heading?: string; cards?: number }) {
  return (
    <>
      {heading ? (
        <h1 className="page-heading">{heading}</h1>
      ) : (
        <span className="skeleton-heading" aria-hidden="true" />
      )}
      {Array.from({ length: cards }, (_, index) => (
        <SkeletonCard key={index} />
      ))}
    </>
  );
}
