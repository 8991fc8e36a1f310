import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateReadingInputSchema,
  DateRangeQuerySchema,
  IsoDateSchema,
  MeterSchema,
  PLAUSIBILITY_VALUE_PREFIX,
  PlausibilitySchema,
  ReadingSchema,
} from '@kundenportal/contract';
import { contractOf } from '../../plugins/contract-scope';
import type { SessionInFlightLimit } from '../../plugins/heavy-reads';
import { PHOTO_BODY_LIMIT_BYTES } from '../../plugins/request-bodies';
import { sessionOf } from '../../plugins/session';
import type { ReadingService } from './service';

/** ablesedatum, zaehlernummer and one `ablesewerte.<Kennzahl>` parameter per channel. */
const PlausibilityQuerySchema = z
  .looseObject({ ablesedatum: IsoDateSchema, zaehlernummer: z.string().min(1) })
  .transform((query, context) => {
    const ablesewerte: Record<string, number> = {};
    for (const [key, value] of Object.entries(query)) {
      if (!key.startsWith(PLAUSIBILITY_VALUE_PREFIX)) continue;
      const wert = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(wert)) {
        context.addIssue({
          code: 'custom',
          path: ['ablesewerte'],
          message: 'Bitte geben Sie den Zählerstand als Zahl an.',
        });
        return z.NEVER;
      }
      ablesewerte[key.slice(PLAUSIBILITY_VALUE_PREFIX.length)] = wert;
    }
    return { ablesedatum: query.ablesedatum, zaehlernummer: query.zaehlernummer, ablesewerte };
  });

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
      schema: { body: CreateReadingInputSchema, response: { 201: ReadingSchema } },
    },
    async (request, reply) => {
      const reading = await readings.create(
        sessionOf(request).customerId,
        contractOf(request),
        request.body,
      );
      return reply.code(201).send(reading);
    },
  );

  app.get(
    '/ablesungen/plausibilisiere',
    { schema: { querystring: PlausibilityQuerySchema, response: { 200: PlausibilitySchema } } },
    (request) => readings.plausibility(contractOf(request), request.query),
  );

  app.get('/zaehler', { schema: { response: { 200: MeterSchema } } }, (request) =>
    readings.meter(contractOf(request)),
  );
};
