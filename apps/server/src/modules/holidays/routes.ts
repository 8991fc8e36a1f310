import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { berlinDayOf, HolidayAnswerSchema } from '@kundenportal/contract';
import type { HolidayService } from './service';

/**
 * The years a date picker near today needs (spec §7.4: this year, in December the next too),
 * with a year of room either side: each other year would be computed on the event loop for
 * anybody who asks, unauthenticated.
 */
const holidayYearsAround = (now: Date) => {
  const year = Number(berlinDayOf(now).slice(0, 4));
  return { first: year - 1, last: year + 2 };
};

const yearsMessage = (now: Date) => {
  const { first, last } = holidayYearsAround(now);
  return `Bitte geben Sie Jahre von ${first} bis ${last} an, z. B. years=${first + 1},${first + 2}.`;
};

const holidayQuerySchema = (now: () => Date) =>
  z.object({
    years: z
      .string()
      .regex(/^\d{4}(,\d{4}){0,3}$/, { error: () => yearsMessage(now()) })
      .transform((value) => value.split(',').map(Number))
      .refine(
        (years) => {
          const { first, last } = holidayYearsAround(now());
          return years.every((year) => year >= first && year <= last);
        },
        { error: () => yearsMessage(now()) },
      ),
  });

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
