import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DocumentListSchema, IdSchema } from '@kundenportal/contract';
import { contractOf, type ContractScope } from '../../plugins/contract-scope';
import { fileAnswerSchema, sendFile } from '../../lib/file-answer';
import { notFound } from '../../lib/http-error';
import { sessionOf } from '../../plugins/session';
import { DOCUMENT_NOT_FOUND_MESSAGE, type DocumentService } from './service';

const IdParamsSchema = z.object({ id: IdSchema });
const PDF = ['application/pdf'];

export const documentRoutes: FastifyPluginAsyncZod<{
  documents: DocumentService;
  contractScope: ContractScope;
}> = async (app, { documents, contractScope }) => {
  app.get('/dokument/alle', { schema: { response: { 200: DocumentListSchema } } }, (request) =>
    documents.list(sessionOf(request).customerId),
  );

  app.get(
    '/dokument/daten/:id',
    {
      schema: {
        response: { 200: fileAnswerSchema('Das Dokument, als Datei zum Speichern.', PDF) },
      },
    },
    async (request, reply) => {
      // Any id that is not a positive number is a document that does not exist.
      const id = IdParamsSchema.safeParse(request.params);
      if (!id.success) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
      const file = await documents.file(sessionOf(request).customerId, id.data.id);
      return sendFile(reply, { ...file, filename: file.dateiname });
    },
  );

  // GET /dokument/{vertrag}: the contract must be the customer's, as on every /vertrag call.
  app.get(
    '/dokument/:id',
    { onRequest: contractScope, schema: { response: { 200: DocumentListSchema } } },
    (request) => documents.list(sessionOf(request).customerId, contractOf(request).id),
  );
};
