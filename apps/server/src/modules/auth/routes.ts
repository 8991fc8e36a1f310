import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordInputSchema,
  KundennummerSchema,
  Messages,
  SessionAnswerSchema,
  TokenRefreshAnswerSchema,
} from '@kundenportal/contract';
import { sessionOf, type SessionGuard } from '../../plugins/session';
import { passwordFromHeader } from '../../lib/password-header';
import type { AuthService, IssuedSession } from './service';

function sendSession(reply: FastifyReply, session: IssuedSession) {
  return reply
    .header('token', session.token)
    .header('ttl', String(session.ttl))
    .send({ kundennummer: session.kundennummer });
}

const LoginHeadersSchema = z.object({
  kundennummer: KundennummerSchema,
  passwort: z.string().min(1, 'Bitte geben Sie Ihr Passwort ein.'),
});

export const publicAuthRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  guard: SessionGuard;
}> = async (app, { auth, guard }) => {
  app.post(
    '/anschlussnutzer/login',
    { schema: { headers: LoginHeadersSchema, response: { 200: SessionAnswerSchema } } },
    async (request, reply) => {
      const { kundennummer, passwort } = request.headers;
      const outcome = await auth.login(kundennummer, passwordFromHeader(passwort), request.ip);
      if (outcome.kind === 'session') return sendSession(reply, outcome.session);
      // Fastify refuses statuses above 599; login's 700 and 702 are the spec's own.
      reply.raw.statusCode = outcome.status;
      return reply.send({ kundennummer: outcome.kundennummer });
    },
  );

  app.put(
    '/anschlussnutzer/passwort_aendern',
    {
      schema: {
        headers: z.object({ kundennummer: KundennummerSchema }),
        body: ChangePasswordInputSchema,
        response: { 200: SessionAnswerSchema },
      },
    },
    async (request, reply) => {
      const session = await guard.resolve(request, reply);
      const issued = await auth.changePassword(
        request.headers.kundennummer,
        session,
        request.body,
        request.ip,
      );
      return sendSession(reply, issued);
    },
  );
};

export const sessionRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (
  app,
  { auth },
) => {
  app.delete('/anschlussnutzer/logout', async (request, reply) => {
    await auth.logout(sessionOf(request).tokenHash);
    return reply.code(204).send();
  });

  app.get(
    '/token/refresh',
    { schema: { response: { 200: TokenRefreshAnswerSchema } } },
    async (request, reply) => {
      const session = sessionOf(request);
      return reply
        .header('token', session.token)
        .send({ kundennummer: session.kundennummer, nachricht: Messages.tokenRenewed });
    },
  );
};
