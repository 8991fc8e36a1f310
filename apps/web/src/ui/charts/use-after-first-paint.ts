import { useEffect, useState } from 'react';

/**
 * False until the page has painted once with what came before, true from a task after that frame.
 * Chart.js measures, lays out and draws in one go when a chart is made (on a slow phone a few
 * hundred milliseconds, profiled): made in the commit that shows the page, it held the heading's
 * first paint and made one long task of both. Made after, the page shows first and the chart
 * follows in a task of its own.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A timeout set in the frame's animation callback runs after that frame has been painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
