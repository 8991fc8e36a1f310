import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import type { LogDestination } from '../lib/log-lines';

const { chindingsSym, streamSym } = pino.symbols;
const INFO = pino.levels.values.info;

/** pino's logger with the symbols it keeps its destination and bindings under. */
type Logger = pino.Logger & { [key: symbol]: unknown };

/**
 * One log line per answer, with method, path, status and duration, instead of Fastify's two per
 * request. The line of a successful answer has the fields pino would write (level, time, the
 * request's bindings, req, res, responseTime, msg) but is built here: pino's generic
 * serialization of the same object cost a fifth of a kept answer's throughput (docs/decisions/025-access-line-built-by-hand.md).
 * The logger's destination holds the lines of a turn and writes them at once (lib/log-lines.ts).
 */
export class AnswerLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const log = request.log as Logger;
    if (error) {
      log.error(
        { req: request, res: reply, responseTime: reply.elapsedTime, err: error },
        'request errored',
      );
    } else if (log.isLevelEnabled('info')) {
      (log[streamSym] as LogDestination).write(answerLine(log, request, reply));
    }
  }
}

/** Only method and path: a query may carry an IBAN, headers carry passwords, tokens, keys. */
export const requestForLog = (request: { method: string; url: string; ip: string }) => ({
  method: request.method,
  path: pathOf(request.url),
  remoteAddress: request.ip,
});

function answerLine(log: Logger, request: FastifyRequest, reply: FastifyReply) {
  const bindings = log[chindingsSym] as string;
  const req =
    `{"method":${JSON.stringify(request.method)},"path":${JSON.stringify(pathOf(request.url))},` +
    `"remoteAddress":${JSON.stringify(request.ip)}}`;
  return (
    `{"level":${INFO},"time":${Date.now()}${bindings},"req":${req},` +
    `"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},` +
    `"msg":"request completed"}\n`
  );
}

function pathOf(url: string) {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
