import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '@kundenportal/contract';
import { INVALID_INPUT_MESSAGE } from './error-handler';

const BAD_URL_MESSAGE = 'Die aufgerufene Adresse ist ungültig.';
const HEADERS_TOO_LARGE_MESSAGE = 'Die Anfrage enthält zu große Kopfzeilen.';
const REQUEST_TIMEOUT_MESSAGE =
  'Die Anfrage kam nicht rechtzeitig vollständig an. Bitte versuchen Sie es erneut.';
const BAD_REQUEST_MESSAGE = 'Die Anfrage konnte nicht gelesen werden.';

/** Fastify's own refusals before a route runs (a bad escape in the URL, too long a parameter). */
export function frameworkErrors(
  error: { code?: string },
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const message = error.code === 'FST_ERR_BAD_URL' ? BAD_URL_MESSAGE : INVALID_INPUT_MESSAGE;
  void reply.code(400).send({ message } satisfies ApiError);
}

const CLIENT_ERRORS: Readonly<Record<string, { status: number; text: string; message: string }>> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    text: 'Request Header Fields Too Large',
    message: HEADERS_TOO_LARGE_MESSAGE,
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    text: 'Request Timeout',
    message: REQUEST_TIMEOUT_MESSAGE,
  },
};

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers too large, an unknown
 * method, a request that does not arrive in time): the same German { message } as every answer,
 * then the connection closes, as Node's own handler does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  const { status, text, message } = known ?? {
    status: 400,
    text: 'Bad Request',
    message: BAD_REQUEST_MESSAGE,
  };
  const body = JSON.stringify({ message } satisfies ApiError);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
