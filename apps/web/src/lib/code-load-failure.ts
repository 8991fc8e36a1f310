/** The errors of a screen's code that the network did not bring (a chunk's dynamic import). */
const unloadedCode = new WeakSet<Error>();

/**
 * The router answers a chunk that failed to load by reloading the whole page, once per chunk:
 * with the server unreachable that leaves the customer on the browser's own error page, outside
 * the app. Vite's loader of every chunk reports the failure first ('vite:preloadError'): the
 * error keeps its place but gets a message the router does not take for a missing module, so
 * that the screen's error boundary shows it inside the app, with a new try.
 */
export function keepCodeLoadFailuresInTheApp() {
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (!(error instanceof Error) || unloadedCode.has(error)) return;
    unloadedCode.add(error);
    error.message = `Der Code dieser Ansicht wurde nicht geladen (${error.message})`;
  });
}

/**
 * A screen's code that the browser could not load, marked above or in the words of Chromium,
 * Firefox and Safari: no failure of the customer's, so spec §8.1's text.
 */
export const isCodeLoadFailure = (error: unknown) =>
  error instanceof Error &&
  (unloadedCode.has(error) ||
    /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)/.test(
      error.message,
    ));
