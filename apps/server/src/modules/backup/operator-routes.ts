import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition, fileAnswerSchema } from '../../lib/file-answer';
import type { BackupService } from './service';

/** POST /backup on the operator listener (operator-app.ts; its auth hook and audit run first). */
export const backupOperatorRoutes: FastifyPluginAsyncZod<{ backup: BackupService }> = async (
  app,
  { backup },
) => {
  app.post(
    '/backup',
    {
      schema: {
        response: {
          200: fileAnswerSchema(
            'Die Sicherung der ganzen Datenbank, dieselbe Datei wie von npm run backup: eine Kopfzeile, das Manifest (JSON) und der Abzug der Datenbank. Zurückspielen mit npm run restore.',
            ['application/octet-stream'],
          ),
        },
      },
    },
    async (request, reply) => {
      const { manifest, stream } = await backup.open();
      request.log.info(
        { kind: manifest.kind, schema: manifest.schema.tag, key: request.operatorKey },
        'backup streamed',
      );
      const stamp = manifest.createdAt.replace(/[-:.]/g, '');
      // The schema describes a file for the document; Fastify streams the bytes as they come.
      const raw: FastifyReply = reply;
      return raw
        .type('application/octet-stream')
        .header(
          'content-disposition',
          contentDisposition('attachment', `kundenportal-${stamp}.backup`),
        )
        .send(stream);
    },
  );
};
