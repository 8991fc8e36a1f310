import { DEFAULT_SERVER_TIMEOUTS, type AppConfig } from '../config';
import { clientErrorHandler, frameworkErrors } from './framework-errors';
import { logDestination } from '../lib/log-lines';
import { AnswerLogController, requestForLog } from './request-log';

/**
 * The Fastify options the customers' and the operator's app share: what is logged of a
 * request, which proxies are believed, and the bounds on slow clients.
 */
export function baseServerOptions(config: AppConfig) {
  const timeouts = { ...DEFAULT_SERVER_TIMEOUTS, ...config.timeouts };
  return {
    logger: {
      level: config.logLevel,
      serializers: { req: requestForLog },
      stream: logDestination(config.logStream),
    },
    logController: new AnswerLogController(),
    // A hop count believes that many proxies in front of us, nearest first.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // A client that sends slowly (slowloris) holds a connection for a bounded time only.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    frameworkErrors,
    clientErrorHandler,
  };
}
