import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KundennummerSchema,
  LOGIN_STATUS_NO_PORTAL_ACCESS,
  MessageAnswerSchema,
  Messages,
  PasswordResetCompletionSchema,
  PasswordResetLinkAnswerSchema,
} from '@kundenportal/contract';
import { HttpError } from '../../lib/http-error';
import { passwordFromHeader } from '../../lib/password-header';
import type { PasswordResetService } from './service';

export const passwordResetRoutes: FastifyPluginAsyncZod<{ reset: PasswordResetService }> = async (
  app,
  { reset },
) => {
  app.post(
    '/anschlussnutzer/passwort_reset',
    {
      schema: {
        headers: z.object({
          kundennummer: KundennummerSchema,
          basisurl: z
            .string()
            .min(1)
            .describe('Die Adresse der Seite, auf die der Link der E-Mail führt.'),
        }),
        response: { 200: MessageAnswerSchema },
      },
      config: {
        apiDocument: {
          // OpenAPI names statuses up to 599 only: 702 is what `default` stands for.
          answers: {
            default: {
              description: `${LOGIN_STATUS_NO_PORTAL_ACCESS}: ${Messages.noPortalAccess}`,
              schema: MessageAnswerSchema,
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { kundennummer, basisurl } = request.headers;
      const outcome = await reset.request(kundennummer, basisurl, request.ip);
      if (outcome === 'noPortalAccess') {
        // Fastify refuses statuses above 599; 702 is the spec's own (§8.2).
        reply.raw.statusCode = LOGIN_STATUS_NO_PORTAL_ACCESS;
        return reply.send({ nachricht: Messages.noPortalAccess });
      }
      return { nachricht: Messages.passwordResetSent };
    },
  );

  // The token travels as a header, as on completion: never in a URL or an access log.
  app.post(
    '/anschlussnutzer/passwort_reset_pruefen',
    {
      schema: {
        headers: z.object({ token: z.string().min(1).max(100) }),
        response: { 200: PasswordResetLinkAnswerSchema },
      },
    },
    async (request) => ({ nutzbar: await reset.check(request.headers.token, request.ip) }),
  );

  app.post(
    '/anschlussnutzer/passwort_reset_abschluss',
    {
      schema: {
        headers: z.object({ token: z.string().min(1), neuespasswort: z.string().min(1) }),
        response: { 200: MessageAnswerSchema },
      },
    },
    async (request) => {
      const parsed = PasswordResetCompletionSchema.safeParse({
        neuesPasswort: passwordFromHeader(request.headers.neuespasswort),
      });
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? Messages.passwordResetFailed;
        throw new HttpError(400, message, { neuesPasswort: message });
      }
      await reset.complete(request.headers.token, parsed.data.neuesPasswort, request.ip);
      return { nachricht: Messages.passwordResetDone };
    },
  );
};
