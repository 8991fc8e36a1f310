import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiError } from '@kundenportal/contract';
import { ReadinessMessages } from './modules/health/service';

/**
 * Listens on the customers' port while the start-up work runs (migrations, demo data), before
 * the app exists: every call, /api/ready too, gets 503 with retry-after, so that a load balancer
 * or an orchestrator sees "not ready" rather than a refused connection. `handOver` stops it and
 * names the port it had (PORT=0: the system chose one), where the app then listens.
 */
export async function listenWhileStarting(port: number, host: string) {
  const body = JSON.stringify({ message: ReadinessMessages.starting } satisfies ApiError);
  const server = createServer((_request, response) => {
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '5',
      // The next call opens a new connection, which reaches the app once it listens.
      connection: 'close',
    });
    response.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: used } = server.address() as AddressInfo;
  return {
    /** The port it listens on. */
    port: used,
    /** Stops listening, ends its connections and names the port for the app. */
    async handOver(): Promise<number> {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return used;
    },
  };
}
