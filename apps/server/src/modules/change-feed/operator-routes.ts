import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangeFeedEntryParamsSchema,
  ChangeFeedPageSchema,
  ChangeFeedQuerySchema,
} from '@kundenportal/contract';
import { fileAnswerSchema, sendFile } from '../../lib/file-answer';
import type { ChangeFeedService } from './service';

/** The change feed on the operator listener (operator-app.ts; its auth hook runs first). */
export const changeFeedOperatorRoutes: FastifyPluginAsyncZod<{
  changeFeed: ChangeFeedService;
}> = async (app, { changeFeed }) => {
  app.get(
    '/aenderungen',
    { schema: { querystring: ChangeFeedQuerySchema, response: { 200: ChangeFeedPageSchema } } },
    (request) => changeFeed.page(request.query.nach, request.query.anzahl),
  );

  app.get(
    '/aenderungen/:id/foto',
    {
      schema: {
        params: ChangeFeedEntryParamsSchema,
        response: {
          200: fileAnswerSchema('Das Foto der Ablesung, wie gespeichert, zum Speichern.', [
            'image/jpeg',
            'image/png',
          ]),
        },
      },
    },
    async (request, reply) =>
      sendFile(reply, await changeFeed.photo(request.params.id), 'attachment'),
  );
};
