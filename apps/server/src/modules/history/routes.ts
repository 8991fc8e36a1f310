import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HistoryAnswerSchema,
  HistoryQuerySchema,
  PriceQuerySchema,
  PriceSeriesSchema,
  type HistoryAnswer,
} from '@kundenportal/contract';
import { contractOf } from '../../plugins/contract-scope';
import type { HeavyReadLimit } from '../../plugins/heavy-reads';
import { sessionOf } from '../../plugins/session';
import type { HistoryService } from './service';

/** Registered under /vertrag/:id, behind the contract scope. */
export const historyRoutes: FastifyPluginAsyncZod<{
  history: HistoryService;
  heavyReads: HeavyReadLimit;
}> = async (app, { history, heavyReads }) => {
  app.get(
    '/historie',
    {
      onRequest: heavyReads,
      schema: { querystring: HistoryQuerySchema, response: { 200: HistoryAnswerSchema } },
    },
    async (request, reply) => {
      // The service writes a HistoryAnswer's text itself from typed rows (an hourly year is
      // mostly kept text); Fastify sends a JSON string as it is, without checking 8,760 hours
      // against the schema again, which cost a tenth of the call (profiled).
      // Hourly values come in pieces, sent one after the other rather than copied into one
      // megabyte first.
      const answer = await history.history(contractOf(request), request.query);
      const payload = typeof answer === 'string' ? answer : Readable.from(answer);
      return reply
        .type('application/json; charset=utf-8')
        .send(payload as unknown as HistoryAnswer);
    },
  );
  app.get(
    '/preiszeitreihe',
    {
      onRequest: heavyReads,
      schema: { querystring: PriceQuerySchema, response: { 200: PriceSeriesSchema } },
    },
    (request) => history.prices(contractOf(request), request.query),
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
      schema: { querystring: PriceQuerySchema, response: { 200: PriceSeriesSchema } },
    },
    (request) => history.customerPrices(sessionOf(request).customerId, request.query),
  );
};
