import { useEffect, useRef, type ReactNode } from 'react';
import { mandant } from '../config/mandant';

/**
 * The page's one h1. It names the document ("Verträge – SW Musterstadt", WCAG 2.4.2) and takes
 * the focus when the page opens, so that a screen reader starts where the eye does (2.4.3).
 */
export function PageHeading({
  children,
  title,
  id,
}: {
  children: ReactNode;
  /** The document title, when the heading is not plain text. */
  title?: string;
  id?: string;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const documentTitle = title ?? (typeof children === 'string' ? children : undefined);
  useEffect(() => {
    if (documentTitle) document.title = `${documentTitle} – ${mandant.kurzname}`;
  }, [documentTitle]);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
