import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** How long a connection must have been without a request before shutting down may close it. */
const QUIET_MS = 1000;

/**
 * The connections of `server` that shutting down may close: those without a request for a second.
 * Node's closeIdleConnections() also closes a connection whose request has arrived but is not
 * read yet (the process was busy, say computing a year of history): the client sees its request
 * cut. A client that sent a request a second ago has had it read by now, or the loop is stalled.
 */
export function trackConnections(server: Server) {
  const connections = new Map<Socket, { requests: number; quietSince: number }>();
  let lastAnswers = false;
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { requests: 0, quietSince: performance.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.requests++;
    // Connection: close, and the connection ends with this answer.
    if (lastAnswers) response.shouldKeepAlive = false;
    response.once('close', () => {
      state.requests--;
      state.quietSince = performance.now();
    });
  });
  return {
    /** From now on each answer is its connection's last. */
    answerLast() {
      lastAnswers = true;
    },
    get open() {
      return connections.size;
    },
    closeQuiet() {
      const now = performance.now();
      for (const [socket, state] of connections)
        if (state.requests === 0 && now - state.quietSince >= QUIET_MS) socket.destroy();
    },
  };
}

/**
 * Stops taking connections without closing the idle ones: http's close() closes them, and with
 * them a request that has arrived but is not read yet.
 */
export function stopListening(server: Server) {
  NetServer.prototype.close.call(server);
}
