import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordInputSchema,
  KundennummerSchema,
  LOGIN_STATUS_MUST_CHANGE_PASSWORD,
  LOGIN_STATUS_NO_PORTAL_ACCESS,
  Messages,
  NoContentSchema,
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

const TOKEN_HEADER = {
  type: 'string',
  description: 'Der Token der Sitzung, in den Headern `token` der folgenden Aufrufe zu senden.',
} as const;
const SESSION_HEADERS = {
  token: TOKEN_HEADER,
  ttl: { type: 'integer', description: 'Sekunden, die die Sitzung gilt.' },
} as const;

const LoginHeadersSchema = z.object({
  kundennummer: KundennummerSchema,
  passwort: z
    .string()
    .min(1, 'Bitte geben Sie Ihr Passwort ein.')
    .describe('Das Passwort als UTF-8-Bytes, jedes Byte ein ISO-8859-1-Zeichen.'),
});

export const publicAuthRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  guard: SessionGuard;
}> = async (app, { auth, guard }) => {
  app.post(
    '/anschlussnutzer/login',
    {
      schema: { headers: LoginHeadersSchema, response: { 200: SessionAnswerSchema } },
      // A login writes its session and audit only: no kept answer changes.
      config: {
        changesAnswers: false,
        apiDocument: {
          answerHeaders: SESSION_HEADERS,
          // OpenAPI names statuses up to 599 only: 700 and 702 are what `default` stands for.
          answers: {
            default: {
              description:
                `${LOGIN_STATUS_MUST_CHANGE_PASSWORD}: Das Passwort muss geändert werden ` +
                `(ohne Token; weiter mit passwort_aendern). ${LOGIN_STATUS_NO_PORTAL_ACCESS}: ` +
                'Zu dieser Kundennummer besteht kein Zugang zum Kundenportal.',
              schema: SessionAnswerSchema,
            },
          },
        },
      },
    },
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
      config: { apiDocument: { answerHeaders: SESSION_HEADERS } },
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
  app.delete(
    '/anschlussnutzer/logout',
    { schema: { response: { 204: NoContentSchema } } },
    async (request, reply) => {
      await auth.logout(sessionOf(request).tokenHash);
      return reply.code(204).send();
    },
  );

  app.get(
    '/token/refresh',
    {
      schema: { response: { 200: TokenRefreshAnswerSchema } },
      // Renews the session and answers its token in a header: never a kept answer.
      config: { apiDocument: { answerHeaders: { token: TOKEN_HEADER } }, keepAnswer: false },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      return reply
        .header('token', session.token)
        .send({ kundennummer: session.kundennummer, nachricht: Messages.tokenRenewed });
    },
  );
};
