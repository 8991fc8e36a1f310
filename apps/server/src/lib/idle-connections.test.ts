import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackConnections } from './idle-connections';

const REQUEST = 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n';

/** A raw keep-alive connection, to control when each request's bytes arrive. */
function openConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  const answers = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (received.split('HTTP/1.1 200').length - 1 >= count) resolve();
      };
      socket.on('data', check);
      socket.once('close', () => reject(new Error(`closed after: ${received}`)));
      check();
    });
  return { socket, closed, answers };
}

describe('the connections shutting down may close', () => {
  let server: Server;
  let tracked: ReturnType<typeof trackConnections>;
  let port: number;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('ok'));
    tracked = trackConnections(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('closes one quiet for a second, but not one whose request came while the process was busy', async () => {
    const idle = openConnection(port);
    const busy = openConnection(port);
    for (const connection of [idle, busy]) connection.socket.write(REQUEST);
    await Promise.all([idle.answers(1), busy.answers(1)]);
    // The second of quiet both have to have before closing may take them.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    busy.socket.write(REQUEST);
    // The process is busy while the request arrives; then the shutdown's timer is first to run.
    const until = performance.now() + 50;
    while (performance.now() < until) blockLoop();
    tracked.closeQuiet();

    await busy.answers(2);
    await idle.closed;
    expect(busy.socket.destroyed).toBe(false);
    expect(tracked.open).toBe(1);
    busy.socket.destroy();
  });
});

/** Work that holds the event loop, as computing an answer does. */
function blockLoop() {
  let sum = 0;
  for (let i = 0; i < 1000; i++) sum += Math.sqrt(i);
  return sum;
}
