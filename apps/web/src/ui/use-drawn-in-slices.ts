import { useDeferredValue } from 'react';

/**
 * Whether to draw a part of a page whose data comes after the page has shown (a card's values,
 * a form's starting values): true at once where its data is there when the page shows; where it
 * comes later, false in the render in which it comes and true in the render React does right
 * after that one, as a transition, in slices of a few milliseconds between which the browser
 * paints and answers input. Until then the part shows its skeleton.
 *
 * Why: a query's answer redraws its page in one synchronous render (the store's updates are
 * never transitions), a long task on a phone; drawn in slices, the pages that wait for data lose
 * that task. A part drawn with the page itself gained nothing drawn after it (the reading form),
 * so it is not deferred. The measurements: docs/decisions/026-loading-work-off-the-page-thread.md.
 */
export function useDrawnInSlices(ready: boolean): boolean {
  // A deferred value lags in the urgent render that changes it: `ready` false again (a new
  // query loading) must hide the part at once, not one render later.
  return useDeferredValue(ready) && ready;
}
