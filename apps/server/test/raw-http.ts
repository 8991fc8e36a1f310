/**
 * HTTP spoken by hand over a socket on the loopback address: for what a client library would not
 * send (a body cut short, a huge header, an unknown method) and for answers that arrive before
 * the request is complete.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection after answering. */
  closed: boolean;
}

/**
 * Sends `request` (head and, if any, part of a body) and never more; resolves with the first
 * answer once it is complete, or when the server closes the connection. With `untilClosed`, it
 * waits for the server to close the connection after its answer.
 */
export function sendRaw(
  port: number,
  request: string | Buffer,
  { untilClosed = false } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    const parse = (closed: boolean): RawAnswer | undefined => {
      const text = received.toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd < 0) return undefined;
      const [statusLine = '', ...lines] = text.slice(0, headEnd).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      const length = Number(headers['content-length'] ?? NaN);
      const bodyBytes = received.subarray(Buffer.byteLength(text.slice(0, headEnd + 4), 'latin1'));
      if (!closed && !(bodyBytes.length >= length)) return undefined;
      return {
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: bodyBytes.toString('utf8'),
        closed,
      };
    };
    const finish = (closed: boolean) => {
      if (settled) return;
      const answer = parse(closed);
      if (answer && untilClosed && !closed) return;
      if (!answer) {
        if (closed) {
          settled = true;
          reject(new Error(`connection closed without an answer: ${received.toString()}`));
        }
        return;
      }
      settled = true;
      socket.destroy();
      resolve(answer);
    };
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      finish(false);
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.write(request);
  });
}
