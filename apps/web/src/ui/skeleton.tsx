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
export function PageSkeleton({
  heading,
  cards = 2,
  children,
}: {
  heading?: string;
  cards?: number;
  /** The page's own shape below the heading, instead of cards of lines. */
  children?: ReactNode;
}) {
  return (
    <>
      {heading ? (
        <h1 className="page-heading">{heading}</h1>
      ) : (
        <span className="skeleton-heading" aria-hidden="true" />
      )}
      {children ?? Array.from({ length: cards }, (_, index) => <SkeletonCard key={index} />)}
    </>
  );
}

/** A form page whose data is loading: its card with the heading, and the form's rows. */
export function FormPageSkeleton({ heading, fields }: { heading: string; fields?: number }) {
  return (
    <section className="card card-narrow">
      <h1 className="page-heading">{heading}</h1>
      <SkeletonForm fields={fields} />
    </section>
  );
}

/**
 * A form whose starting values are loading: a label and a field box per row, and the place of
 * its submit, so that the form takes its own space when it comes.
 */
export function SkeletonForm({
  fields = 3,
  label = 'Wird geladen …',
}: {
  fields?: number;
  label?: string;
}) {
  return (
    <div className="skeleton skeleton-form" role="status">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: fields }, (_, index) => (
        <span key={index} className="skeleton-field" aria-hidden="true">
          <span className="skeleton-line skeleton-label" />
          <span className="skeleton-line skeleton-input" />
        </span>
      ))}
      <span className="skeleton-line skeleton-button" aria-hidden="true" />
    </div>
  );
}

/**
 * Values that come as key figures above a chart: their tiles, the chart's caption and panel,
 * and the line of its table, in the space they will take.
 */
export function SkeletonChart({ tiles = 3 }: { tiles?: number }) {
  return (
    <div className="skeleton skeleton-chart" role="status">
      <span className="visually-hidden">Wird geladen …</span>
      {tiles > 0 && (
        <span className="skeleton-tiles" aria-hidden="true">
          {Array.from({ length: tiles }, (_, index) => (
            <span key={index} className="skeleton-tile" />
          ))}
        </span>
      )}
      <span className="skeleton-line skeleton-caption" aria-hidden="true" />
      <span className="skeleton-panel" aria-hidden="true" />
      <span className="skeleton-line skeleton-caption" aria-hidden="true" />
    </div>
  );
}
