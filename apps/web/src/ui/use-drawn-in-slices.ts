import { useDeferredValue } from 'react';

/**
 * False in the render that shows a page, true in the render React does right after it as a
 * transition: in slices of a few milliseconds, between which the browser paints and answers
 * input. The router draws a page in one synchronous render (its store's updates are never
 * transitions), so a page that draws its costly part (a form with its rules, a table of values)
 * only when this is true shows its heading and that part's skeleton first, and the long task
 * that drew it all at once becomes short ones (profiled on /ablesung at 4×: 413 ms to 226).
 */
export const useDrawnInSlices = (): boolean => useDeferredValue(true, false);
