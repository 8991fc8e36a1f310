import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_KIND_NAMES,
  ImportBodySchema,
  ImportResultSchema,
  type ImportKind,
} from '@kundenportal/contract';
import { HttpError } from '../../lib/http-error';
import type { ImportService } from './service';

/** Master data: thousands of records a request. */
const MASTER_DATA_BODY_LIMIT_BYTES = 16 * 1024 * 1024;
/** Documents: PDFs of up to 10 MB each, base64 (4/3), a few a request. */
const DOCUMENTS_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

const bodyLimitOf = (kind: ImportKind) =>
  kind === 'dokumente' ? DOCUMENTS_BODY_LIMIT_BYTES : MASTER_DATA_BODY_LIMIT_BYTES;

const unreadableLineMessage = (line: number) =>
  `Zeile ${line} ist kein JSON-Objekt. NDJSON hat einen Datensatz je Zeile.`;

/** NDJSON: one record a line, blank lines skipped; a line that is no JSON refuses the request. */
function parseNdjson(text: string): unknown[] {
  const records: unknown[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    try {
      records.push(JSON.parse(line));
    } catch {
      throw new HttpError(400, unreadableLineMessage(index + 1), {
        eingabe: unreadableLineMessage(index + 1),
      });
    }
  }
  return records;
}

/**
 * PUT /import/<kind> on the operator port: a JSON array or NDJSON (application/x-ndjson) of
 * records, answered with what was created, updated, left unchanged and refused. Each record
 * is its own transaction; a refused one names its index, key and field. Auth is the operator
 * app's hook, for every route.
 */
export const importOperatorRoutes: FastifyPluginAsyncZod<{ importService: ImportService }> = async (
  app,
  { importService },
) => {
  app.addContentTypeParser(
    ['application/x-ndjson', 'application/jsonl'],
    { parseAs: 'string', bodyLimit: DOCUMENTS_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      try {
        done(null, parseNdjson(body as string));
      } catch (error) {
        done(error as HttpError, undefined);
      }
    },
  );
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
