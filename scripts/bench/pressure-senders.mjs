/**
 * The senders of a pressure measurement, in a thread of their own: building and writing
 * megabytes of request body takes the sending thread's event loop for tens of milliseconds, and
 * autocannon, timing /api/health in the main thread, would count that as the server's latency.
 * Plain JavaScript: a worker thread does not inherit tsx's loader.
 */
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ url: string, init: RequestInit }[]} */
const sends = workerData;
let running = true;
parentPort.once('message', () => {
  running = false;
});

async function loop({ url, init }) {
  while (running) {
    try {
      const response = await fetch(url, init);
      await response.arrayBuffer();
    } catch {
      // A refused or cut connection is part of the pressure; the next round trip starts anew.
    }
  }
}

parentPort.postMessage('started');
await Promise.all(sends.map(loop));
