import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_KIND_NAMES,
  ImportBodySchema,
  ImportResultSchema,
  type ImportKind,
} from '@kundenportal/contract';
import type { ImportService } from './service';

/** Master data: thousands of records a request. */
const MASTER_DATA_BODY_LIMIT_BYTES = 16 * 1024 * 1024;
/** Documents: PDFs of up to 10 MB each, base64 (4/3), a few a request. */
const DOCUMENTS_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

const bodyLimitOf = (kind: ImportKind) =>
  kind === 'dokumente' ? DOCUMENTS_BODY_LIMIT_BYTES : MASTER_DATA_BODY_LIMIT_BYTES;

/**
 * PUT /import/<kind> on the operator port: a JSON array or NDJSON (application/x-ndjson) of
 * records, answered with what was created, updated, left unchanged and refused. Each record
 * is its own transaction; a refused one names its index, key and field. Auth and the parse
 * of both forms (in a worker thread, plugins/request-bodies.ts) are the operator app's, for
 * every route.
 */
export const importOperatorRoutes: FastifyPluginAsyncZod<{ importService: ImportService }> = async (
  app,
  { importService },
) => {
  for (const kind of IMPORT_KIND_NAMES)
    app.put(
      `/import/${kind}`,
      {
        bodyLimit: bodyLimitOf(kind),
        schema: {
          body: ImportBodySchema,
          response: { 200: ImportResultSchema },
        },
      },
      (request) => importService.importRecords(kind, request.body),
    );
};
