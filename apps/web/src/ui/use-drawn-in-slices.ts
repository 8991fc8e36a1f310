import { useDeferredValue } from 'react';

/**
 * Whether to draw a page's costly part (a form with its rules, a card's values): false in the
 * render that shows the page and in the render in which `ready` (its data has come) turns true;
 * true from the render React does right after those, as a transition, in slices of a few
 * milliseconds between which the browser paints and answers input. Until then the page shows
 * that part's skeleton.
 *
 * Why: the router draws a page, and a query's answer redraws it, in one synchronous render (a
 * store's updates are never transitions). /ablesung's was one task of 413 ms at 4×; drawn in
 * slices, 226 ms and short ones.
 */
export function useDrawnInSlices(ready = true): boolean {
  // A deferred value lags in the urgent render that changes it: `ready` false again (a new
  // query loading) must hide the part at once, not one render later.
  return useDeferredValue(ready, false) && ready;
}
