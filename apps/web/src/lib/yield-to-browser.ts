/**
 * Lets the browser run what waits (a paint, a click, an answer) before the next step: each step
 * is then a task of its own, not one long one.
 */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve));
