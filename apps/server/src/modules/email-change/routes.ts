import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmailChangeMessages,
  EmailLinkAnswerSchema,
  PendingEmailChangeSchema,
} from '@kundenportal/contract';
import { sessionOf } from '../../plugins/session';
import type { EmailChangeService } from './service';

/** A link without its token is told as such, in the words of its own mail, not the reset's. */
const linkHeaders = (incomplete: string) =>
  z.object({ token: z.string({ error: incomplete }).min(1, incomplete).max(100, incomplete) });
const ConfirmHeadersSchema = linkHeaders(EmailChangeMessages.confirmLinkIncomplete);
const RevokeHeadersSchema = linkHeaders(EmailChangeMessages.revokeLinkIncomplete);

/** The two links of the mails: the token is the proof, no session is needed. */
export const emailLinkRoutes: FastifyPluginAsyncZod<{ emailChange: EmailChangeService }> = async (
  app,
  { emailChange },
) => {
  app.post(
    '/anschlussnutzer/email_bestaetigen',
    { schema: { headers: ConfirmHeadersSchema, response: { 200: EmailLinkAnswerSchema } } },
    async (request) => ({
      nachricht: await emailChange.confirm(request.headers.token, request.ip),
    }),
  );
  app.post(
    '/anschlussnutzer/email_widerrufen',
    { schema: { headers: RevokeHeadersSchema, response: { 200: EmailLinkAnswerSchema } } },
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
