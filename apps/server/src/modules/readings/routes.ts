import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateReadingInputSchema,
  DateRangeQuerySchema,
  MeterSchema,
  PlausibilityQuerySchema,
  PlausibilitySchema,
  ReadingPhotoQuerySchema,
  ReadingErrorSchema,
  ReadingHeadersSchema,
  ReadingSchema,
  type PhotoType,
} from '@kundenportal/contract';
import { fileAnswerSchema, sendFile } from '../../lib/file-answer';
import { typedAnswerSerializer } from '../../lib/typed-answer-serializer';
import { contractOf } from '../../plugins/contract-scope';
import type { SessionInFlightLimit } from '../../plugins/heavy-reads';
import { PHOTO_BODY_LIMIT_BYTES } from '../../plugins/request-bodies';
import { sessionOf } from '../../plugins/session';
import type { ReadingService } from './service';

const PHOTO_TYPES: readonly PhotoType[] = ['image/jpeg', 'image/png'];

/** Registered under /vertrag/:id, behind the contract scope. */
export const readingRoutes: FastifyPluginAsyncZod<{
  readings: ReadingService;
  photoUploads: SessionInFlightLimit;
}> = async (app, { readings, photoUploads }) => {
  app.get(
    '/ablesungen',
    { schema: { querystring: DateRangeQuerySchema, response: { 200: z.array(ReadingSchema) } } },
    (request) => readings.list(contractOf(request).id, request.query),
  );

  app.post(
    '/ablesungen',
    {
      // The photo, as base64; the session guard and contract scope ran before it is read.
      bodyLimit: PHOTO_BODY_LIMIT_BYTES,
      onRequest: photoUploads,
      schema: {
        headers: ReadingHeadersSchema,
        body: CreateReadingInputSchema,
        response: { 201: ReadingSchema },
      },
      config: {
        base64Fields: ['foto'],
        apiDocument: {
          answers: {
            '4XX': {
              description:
                'Abgelehnt; eine abgelehnte Ablesung nennt den Grund auch als `hinweis`.',
              schema: ReadingErrorSchema,
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { status, reading } = await readings.create(
        sessionOf(request).customerId,
        contractOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      // Only stored readings are remembered under a key (a refusal wrote nothing), so it is 201.
      return reply.code(status as 201).send(reading);
    },
  );

  app.get(
    '/ablesungen/plausibilisiere',
    {
      schema: { querystring: PlausibilityQuerySchema, response: { 200: PlausibilitySchema } },
      // checkPlausibility writes each field of the answer from typed values.
      serializerCompiler: typedAnswerSerializer,
    },
    async (request) => {
      const contract = contractOf(request);
      // Asked before every reading is sent: the meter's history is read once and kept until a
      // write of theirs (a reading) or the operator's may change it.
      const history = await app.readCache.read(
        sessionOf(request),
        `zaehlerhistorie:${contract.id}`,
        () => readings.meterHistory(contract),
      );
      return readings.plausibility(contract, request.query, history);
    },
  );

  app.get(
    '/ablesungen/foto',
    {
      schema: {
        querystring: ReadingPhotoQuerySchema,
        response: {
          200: fileAnswerSchema('Das Foto der Ablesung, ohne Metadaten neu kodiert.', PHOTO_TYPES),
        },
      },
    },
    async (request, reply) =>
      sendFile(reply, await readings.photo(contractOf(request).id, request.query), 'inline'),
  );

  app.get('/zaehler', { schema: { response: { 200: MeterSchema } } }, (request) =>
    readings.meter(contractOf(request)),
  );
};
