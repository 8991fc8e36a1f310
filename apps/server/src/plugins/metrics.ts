import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../lib/metrics';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A call from this machine itself: the socket's own address (never X-Forwarded-For, which the
 * client writes), and no forwarding header, which a proxy on this machine adds (docs/operations.md,
 * "Metrics and readiness": such a proxy must not pass /metrics on, or the operator port serves it).
 */
const fromThisMachine = (request: FastifyRequest) =>
  LOOPBACK.has(request.socket.remoteAddress ?? '') &&
  request.headers['x-forwarded-for'] === undefined &&
  request.headers['forwarded'] === undefined &&
  request.headers['x-real-ip'] === undefined;

/** Every answer of the app is counted by its route pattern, never by its URL with ids. */
export function countRequests(app: FastifyInstance, metrics: Metrics) {
  // A callback hook: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.routeOptions.url,
      request.method,
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });
}

async function answerMetrics(metrics: Metrics, reply: FastifyReply) {
  const text = await metrics.render();
  return reply.header('content-type', metrics.contentType).send(text);
}

/**
 * GET /metrics on the customers' port, when there is no operator port: only from this machine.
 * From anywhere else it is answered as any path that does not exist.
 */
export function loopbackMetricsRoute(app: FastifyInstance, metrics: Metrics) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!fromThisMachine(request)) return reply.callNotFound();
    return answerMetrics(metrics, reply);
  });
}

/**
 * GET /metrics on the operator port, behind its key like every call there, but not written to
 * the operator audit: a scraper calls it every 15 s and it reads no customer's data.
 */
export function operatorMetricsRoute(app: FastifyInstance, metrics: Metrics) {
  app.get('/metrics', { schema: { hide: true }, config: { audited: false } }, (_request, reply) =>
    answerMetrics(metrics, reply),
  );
}
