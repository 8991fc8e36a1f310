import { yieldToBrowser } from './yield-to-browser';

/**
 * Starts each of `starts` in a task of its own, in their order, and resolves when all are done.
 * Starting a request costs the page's thread some milliseconds (Chromium's fetch, the session's
 * headers): 12–14 ms each at Lighthouse's 6× slowdown, so a loader starting six reads at once
 * was a long task of its own.
 */
export async function startInTurns<T>(starts: (() => Promise<T>)[]): Promise<T[]> {
  const started: Promise<T>[] = [];
  for (const start of starts) {
    await yieldToBrowser();
    started.push(start());
  }
  return Promise.all(started);
}
