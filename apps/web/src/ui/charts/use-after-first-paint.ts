import { useEffect, useState } from 'react';

/**
 * False until the page has painted once with what came before, true from a task after that frame.
 * A chart's start (the chart worker's file fetched and started, the canvas measured and handed
 * over; where a browser cannot hand it over, Chart.js drawing on the page in one task of a few
 * hundred milliseconds on a slow phone) then follows the page's first paint instead of holding
 * it back in the commit that shows the page.
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
