import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** How long a connection must have been without a request before shutting down may close it. */
const QUIET_MS = 1000;

/** The requests a server runs, as lib/idle-memory.ts waits for them to be over. */
export interface RequestActivity {
  running: number;
  lastActive: number;
}

interface ConnectionState {
  requests: number;
  quietSince: number;
  /** The socket's bytesRead when it became quiet: more since means a request is arriving. */
  bytesWhenQuiet: number;
}

/**
 * The connections of `server` that shutting down may close: those without a request for a second.
 * Node's closeIdleConnections() also closes a connection whose request has arrived but is not
 * read yet (the process was busy, say computing a year of history): the client sees its request
 * cut. The same holds for a clock alone: after a stall, timers run before the loop reads what
 * arrived meanwhile, so a connection looks a second quiet while its next request waits unread.
 */
export function trackConnections(server: Server, now: () => number = () => performance.now()) {
  const connections = new Map<Socket, ConnectionState>();
  let lastAnswers = false;
  /** Requests of all connections whose answer is not closed yet, and when the last one was. */
  let running = 0;
  let lastActive = now();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { requests: 0, quietSince: now(), bytesWhenQuiet: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.requests++;
    running++;
    lastActive = now();
    // Connection: close, and the connection ends with this answer.
    if (lastAnswers) response.shouldKeepAlive = false;
    response.once('close', () => {
      state.requests--;
      running--;
      state.quietSince = lastActive = now();
      state.bytesWhenQuiet = request.socket.bytesRead;
    });
  });
  const isQuiet = (socket: Socket, state: ConnectionState) =>
    state.requests === 0 &&
    socket.bytesRead === state.bytesWhenQuiet &&
    now() - state.quietSince >= QUIET_MS;
  return {
    /** From now on each answer is its connection's last. */
    answerLast() {
      lastAnswers = true;
    },
    get open() {
      return connections.size;
    },
    /** Whether a request runs now, and when the last one began or ended (lib/idle-memory.ts). */
    activity: (): RequestActivity => ({ running, lastActive }),
    closeQuiet() {
      const candidates = [...connections].filter(([socket, state]) => isQuiet(socket, state));
      // setImmediate runs after the loop's poll phase, which reads every request that arrived
      // while the process was busy: a connection is closed only if none came.
      setImmediate(() => {
        for (const [socket, state] of candidates) if (isQuiet(socket, state)) socket.destroy();
      });
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
