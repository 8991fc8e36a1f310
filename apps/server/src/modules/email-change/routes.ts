import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmailLinkAnswerSchema, PendingEmailChangeSchema } from '@kundenportal/contract';
import { sessionOf } from '../../plugins/session';
import type { EmailChangeService } from './service';

const LinkHeadersSchema = z.object({ token: z.string().min(1).max(100) });

/** The two links of the mails: the token is the proof, no session is needed. */
export const emailLinkRoutes: FastifyPluginAsyncZod<{ emailChange: EmailChangeService }> = async (
  app,
  { emailChange },
) => {
  app.post(
    '/anschlussnutzer/email_bestaetigen',
    { schema: { headers: LinkHeadersSchema, response: { 200: EmailLinkAnswerSchema } } },
    async (request) => ({
      nachricht: await emailChange.confirm(request.headers.token, request.ip),
    }),
  );
  app.post(
    '/anschlussnutzer/email_widerrufen',
    { schema: { headers: LinkHeadersSchema, response: { 200: EmailLinkAnswerSchema } } },
    async (request) => ({ nachricht: await emailChange.revoke(request.headers.token, request.ip) }),
  );
};

export const pendingEmailRoutes: FastifyPluginAsyncZod<{
  emailChange: EmailChangeService;
}> = async (app, { emailChange }) => {
  app.get(
    '/anschlussnutzer/emailAenderung',
    { schema: { response: { 200: PendingEmailChangeSchema } } },
    async (request) => ({ neueEmail: await emailChange.pending(sessionOf(request).customerId) }),
  );
};
