import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HistoryAnswerSchema,
  HistoryQuerySchema,
  PriceQuerySchema,
  PriceSeriesSchema,
  type HistoryQuery,
} from '@kundenportal/contract';
import {
  prebuiltJsonBody,
  prebuiltJsonSerializer,
  type PrebuiltJsonBody,
} from '../../lib/prebuilt-json';
import { Readable } from 'node:stream';
import { takesGzip } from '../../plugins/compression';
import { contractOf } from '../../plugins/contract-scope';
import type { HeavyReadLimit } from '../../plugins/heavy-reads';
import { sessionOf } from '../../plugins/session';
import type { HistoryService, KeptReads } from './service';

/**
 * The customer's reads kept until a write of theirs or the operator's may change them, at most
 * 10 s (plugins/read-cache.ts): a contract's tariffs and whether it is metered, which each call
 * asked the database for (a fifth of the hourly year's time on the embedded database, profiled).
 */
const keptFor =
  (request: FastifyRequest): KeptReads =>
  (key, load) =>
    request.server.readCache.read(sessionOf(request), key, load);

/** Registered under /vertrag/:id, behind the contract scope. */
export const historyRoutes: FastifyPluginAsyncZod<{
  history: HistoryService;
  heavyReads: HeavyReadLimit;
}> = async (app, { history, heavyReads }) => {
  app.get<{ Querystring: HistoryQuery; Reply: PrebuiltJsonBody }>(
    '/historie',
    {
      onRequest: heavyReads,
      // The service writes the answer's text itself from typed rows (an hourly year is mostly
      // kept text): checking 8,760 hours against the schema again cost a tenth of the call
      // (profiled). The text follows HistoryAnswerSchema (test/history.test.ts parses it with
      // it); hourly values come in pieces, sent one after the other rather than copied into one
      // megabyte first.
      schema: { querystring: HistoryQuerySchema, response: { 200: HistoryAnswerSchema } },
      serializerCompiler: prebuiltJsonSerializer,
    },
    async (request, reply) => {
      const answer = await history.history(contractOf(request), request.query, keptFor(request));
      reply.code(200).type('application/json; charset=utf-8');
      // Compressed once where it is kept, instead of by the compression per answer.
      if (answer.gzipped && takesGzip(request))
        return reply
          .header('vary', 'accept-encoding')
          .header('content-encoding', 'gzip')
          .send(Readable.from(await answer.gzipped()));
      return reply.send(prebuiltJsonBody(answer));
    },
  );
  app.get(
    '/preiszeitreihe',
    {
      onRequest: heavyReads,
      // The window only narrows the read; prices change outside requests, kept answers live
      // for seconds (plugins/read-cache.ts).
      config: { keepAnswer: 'withQuery' },
      schema: { querystring: PriceQuerySchema, response: { 200: PriceSeriesSchema } },
    },
    (request) => history.prices(contractOf(request), request.query, keptFor(request)),
  );
};

/** GET /preiszeitreihe: the price series of the customer's dynamic tariff. */
export const customerPriceRoutes: FastifyPluginAsyncZod<{
  history: HistoryService;
  heavyReads: HeavyReadLimit;
}> = async (app, { history, heavyReads }) => {
  app.get(
    '/preiszeitreihe',
    {
      onRequest: heavyReads,
      // The window only narrows the read; prices change outside requests, kept answers live
      // for seconds (plugins/read-cache.ts).
      config: { keepAnswer: 'withQuery' },
      schema: { querystring: PriceQuerySchema, response: { 200: PriceSeriesSchema } },
    },
    (request) =>
      history.customerPrices(sessionOf(request).customerId, request.query, keptFor(request)),
  );
};
