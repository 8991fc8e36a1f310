import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HolidayAnswerSchema, holidayQuerySchema } from '@kundenportal/contract';
import type { HolidayService } from './service';

/**
 * Public: the web asks it like the third-party calendar, at the URL its variant configures. The
 * same for everybody, so browsers and shared caches may keep it for a day.
 */
export const holidayRoutes: FastifyPluginAsyncZod<{
  holidays: HolidayService;
  now: () => Date;
}> = async (app, { holidays, now }) => {
  app.get(
    '/feiertage',
    {
      schema: { querystring: holidayQuerySchema(now), response: { 200: HolidayAnswerSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return { feiertage: request.query.years.flatMap((year) => holidays.holidaysOf(year)) };
    },
  );
};
