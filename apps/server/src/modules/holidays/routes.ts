import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HolidayAnswerSchema } from '@kundenportal/contract';
import type { HolidayService } from './service';

const YEARS_MESSAGE =
  'Bitte geben Sie bis zu fünf Jahre zwischen 1900 und 2200 an, z. B. years=2026,2027.';

const HolidayQuerySchema = z.object({
  years: z
    .string()
    .regex(/^\d{4}(,\d{4}){0,4}$/, YEARS_MESSAGE)
    .transform((value) => value.split(',').map(Number))
    .refine((years) => years.every((year) => year >= 1900 && year <= 2200), YEARS_MESSAGE),
});

/** Public: the web asks it like the third-party calendar, at the URL its variant configures. */
export const holidayRoutes: FastifyPluginAsyncZod<{ holidays: HolidayService }> = async (
  app,
  { holidays },
) => {
  app.get(
    '/feiertage',
    { schema: { querystring: HolidayQuerySchema, response: { 200: HolidayAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return { feiertage: request.query.years.flatMap((year) => holidays.holidaysOf(year)) };
    },
  );
};
