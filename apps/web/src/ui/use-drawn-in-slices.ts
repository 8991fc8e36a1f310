import { useDeferredValue, useState } from 'react';

/**
 * Whether to draw a page's costly part (a form with its rules, a card's values): false in the
 * render that shows the page and in the render in which `ready` (its data has come) turns true;
 * true from the render React does right after those, as a transition, in slices of a few
 * milliseconds between which the browser paints and answers input. Until then the page shows
 * that part's skeleton.
 *
 * `atOnceIfReady`: a part whose data is there when the page shows is drawn with the page, as
 * before. For a part whose skeleton is not as high as what comes (a list of a page that waited
 * for it): drawn after, it would move what is below it.
 *
 * Why: the router draws a page, and a query's answer redraws it, in one synchronous render (a
 * store's updates are never transitions). /ablesung's was one task of 413 ms at 4×; drawn in
 * slices, 226 ms and short ones.
 */
export function useDrawnInSlices(ready = true, { atOnceIfReady = false } = {}): boolean {
  const [readyAtFirst] = useState(atOnceIfReady && ready);
  // A deferred value lags in the urgent render that changes it: `ready` false again (a new
  // query loading) must hide the part at once, not one render later.
  return useDeferredValue(ready, readyAtFirst) && ready;
}
