import { useEffect, useRef, type ReactNode } from 'react';
import { mandant } from '../config/mandant';

/**
 * Whether a page's heading takes the focus as it opens: not yet on the page the document was
 * loaded with. There the browser starts at the top, a screen reader reads the new document from
 * there and the first Tab reaches the skip link, as on any web page; moving the focus would
 * skip them, and it forced the page's first layout into the task that draws it (architecture
 * decision 26). From the app's first move on (a link, a redirect, back) the browser announces
 * nothing of its own, so the new page's heading takes the focus.
 */
let headingsTakeFocus = false;

/** Headings take the focus from the history's first change on. */
export function focusHeadingsAfterFirstMove(history: {
  subscribe: (listener: () => void) => () => void;
}) {
  const stop = history.subscribe(() => {
    headingsTakeFocus = true;
    stop();
  });
}

/**
 * The page's one h1. It names the document ("Verträge – SW Musterstadt", WCAG 2.4.2) and, on a
 * page the app moved to, takes the focus, so that a screen reader starts where the eye does
 * (2.4.3).
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
    if (headingsTakeFocus) ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
