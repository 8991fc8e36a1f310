/**
 * Waits for the event loop's next turn, in which pending I/O (other requests) is read. PGlite
 * answers a query with a promise that is already settled, so a loop of awaited queries is one
 * chain of microtasks that never lets the loop read a socket: an import of thousands of
 * records held every customer's request, a health check's included, until it was done.
 */
export const eventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
